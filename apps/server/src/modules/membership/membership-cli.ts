import { parseArgs } from 'node:util';
import {
  membershipSources,
  membershipTypes,
  packKinds,
  type MembershipSource,
  type MembershipType,
  type PackKind,
} from '@nimbus/contracts';
import type { MembershipService } from './membership.service';

/** How to use the operators' command; printed on a usage error. */
export const membershipUsage = `Usage:
  npm run membership -w @nimbus/server -- mint --days <n> [--type platinum] [--uses <n>] [--count <n>]
      [--valid-days <n>] [--for <email>] [--note <text>]
    Prints <count> new activation codes, one a line. Each grants <days> of <type>, can be redeemed
    by <uses> members (once each), stops working after <valid-days> days when given, and works only
    for the member <email> when --for is given.
  npm run membership -w @nimbus/server -- mint --type storage|traffic --size <size> --days <n> [...]
    The same for a pack: <size> (e.g. 100GiB, 1TiB, 500MiB; units of 1024) is added to the
    member's storage (storage) or monthly download and cloud-download traffic (traffic) for
    <days> days from the redemption. Packs held together add up.
  npm run membership -w @nimbus/server -- grant --email <email> --days <n> [--type platinum]
      [--source admin|compensation|invite]
    Adds <days> of <type> to a member's membership straight away and prints the new end.
`;

/** A mistake in the command line: exit 2 with the usage. */
export class UsageError extends Error {}

const dayMs = 24 * 60 * 60 * 1000;

function positiveInt(
  value: string | undefined,
  name: string,
  fallback?: number,
  max = 100_000,
): number {
  if (value === undefined) {
    if (fallback === undefined) {
      throw new UsageError(`--${name} is required`);
    }
    return fallback;
  }
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw new UsageError(`--${name} must be a whole number from 1 to ${max}`);
  }
  return Number(value);
}

function typeOf(value: string | undefined): MembershipType {
  const type = value ?? 'platinum';
  if (!(membershipTypes as readonly string[]).includes(type)) {
    throw new UsageError(`--type must be one of ${membershipTypes.join(', ')}`);
  }
  return type as MembershipType;
}

function codeTypeOf(value: string | undefined): MembershipType | PackKind {
  if (value !== undefined && (packKinds as readonly string[]).includes(value)) {
    return value as PackKind;
  }
  if (value !== undefined && !(membershipTypes as readonly string[]).includes(value)) {
    throw new UsageError(`--type must be one of ${[...membershipTypes, ...packKinds].join(', ')}`);
  }
  return typeOf(value);
}

const sizeUnits: Record<string, number> = {
  b: 1,
  kib: 1024,
  kb: 1024,
  mib: 1024 ** 2,
  mb: 1024 ** 2,
  gib: 1024 ** 3,
  gb: 1024 ** 3,
  tib: 1024 ** 4,
  tb: 1024 ** 4,
};

/** A pack's size: a number of bytes, or a number with a unit of 1024 (`100GiB`, `1.5TB`). */
export function parseSize(value: string | undefined): number {
  if (value === undefined) {
    throw new UsageError('--size is required for a pack');
  }
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(value.trim());
  const unit = sizeUnits[(match?.[2] ?? '').toLowerCase() || 'b'];
  const bytes = match && unit !== undefined ? Math.round(Number(match[1]) * unit) : Number.NaN;
  if (!Number.isSafeInteger(bytes) || bytes < 1) {
    throw new UsageError('--size must be a size above 0 such as 100GiB, 1TiB or 500MiB');
  }
  return bytes;
}

async function memberId(
  service: MembershipService,
  email: string | undefined,
  flag: string,
): Promise<string> {
  if (email === undefined || email.trim() === '') {
    throw new UsageError(`--${flag} is required`);
  }
  const id = await service.memberIdByEmail(email);
  if (id === undefined) {
    throw new UsageError(`No member has the address ${email}`);
  }
  return id;
}

/**
 * Runs one operator command (`mint` or `grant`) and answers the lines to print. Throws
 * `UsageError` for a wrong command line.
 */
export async function runMembershipCommand(
  argv: string[],
  service: MembershipService,
  now: () => Date,
): Promise<string[]> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        type: { type: 'string' },
        size: { type: 'string' },
        days: { type: 'string' },
        uses: { type: 'string' },
        count: { type: 'string' },
        'valid-days': { type: 'string' },
        for: { type: 'string' },
        note: { type: 'string' },
        email: { type: 'string' },
        source: { type: 'string' },
      },
    });
  } catch (cause) {
    throw new UsageError(cause instanceof Error ? cause.message : String(cause));
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (rest.length > 0) {
    throw new UsageError(`Unexpected ${rest.join(' ')}`);
  }
  switch (command) {
    case 'mint': {
      const note = values.note ?? '';
      if (note.length > 200) {
        throw new UsageError('--note is at most 200 characters');
      }
      const validDays =
        values['valid-days'] === undefined
          ? undefined
          : positiveInt(values['valid-days'], 'valid-days');
      const type = codeTypeOf(values.type);
      const isPack = (packKinds as readonly string[]).includes(type);
      if (!isPack && values.size !== undefined) {
        throw new UsageError('--size is for storage and traffic packs');
      }
      return service.mint({
        type,
        ...(isPack ? { bytes: parseSize(values.size) } : {}),
        days: positiveInt(values.days, 'days', undefined, 3650),
        uses: positiveInt(values.uses, 'uses', 1, 1_000_000),
        count: positiveInt(values.count, 'count', 1, 10_000),
        expiresAt:
          validDays === undefined ? undefined : new Date(now().getTime() + validDays * dayMs),
        userId: values.for === undefined ? undefined : await memberId(service, values.for, 'for'),
        note,
      });
    }
    case 'grant': {
      const source = values.source ?? 'admin';
      if (
        source === 'activation_code' ||
        !(membershipSources as readonly string[]).includes(source)
      ) {
        throw new UsageError('--source must be admin, compensation or invite');
      }
      const granted = await service.grant({
        userId: await memberId(service, values.email, 'email'),
        type: typeOf(values.type),
        days: positiveInt(values.days, 'days', undefined, 3650),
        source: source as MembershipSource,
      });
      return [`${granted.type} from ${granted.startsAt} until ${granted.expiresAt}`];
    }
    case undefined:
      throw new UsageError('Name a command: mint or grant');
    default:
      throw new UsageError(`Unknown command ${command}`);
  }
}
