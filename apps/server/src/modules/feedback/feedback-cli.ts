import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { feedbackCategories } from '@nimbus/contracts';
import type { BlobStore } from '../storage/blob-store';
import type { FeedbackRecord } from './feedback.repository';
import type { FeedbackService } from './feedback.service';

/** How to use the operators' command; printed on a usage error. */
export const feedbackUsage = `Usage:
  npm run feedback -w @nimbus/server -- list [--limit <n>] [--category <category>] [--before <id>]
    Prints the newest feedback first, one a line: time, id, category, member, attachments and
    the start of the message. --before <id> continues after that feedback.
  npm run feedback -w @nimbus/server -- show <id> [--save <folder>]
    Prints one piece of feedback whole; --save writes its attachments into <folder> as
    <id>-<n>-<name> (the name ends in the type found in the bytes).
`;

/** A mistake in the command line: exit 2 with the usage. */
export class FeedbackUsageError extends Error {}

/**
 * Text from members made safe for a terminal: control characters (escape sequences included)
 * are shown as `\u{...}`, so a message cannot move the cursor or recolour the operator's screen.
 */
export function terminalSafe(text: string, keepLineBreaks = false): string {
  return text.replace(/[\p{Cc}\u2028\u2029]/gu, (character) =>
    keepLineBreaks && (character === '\n' || character === '\t')
      ? character
      : `\\u{${character.codePointAt(0)?.toString(16) ?? ''}}`,
  );
}

function lineOf(record: FeedbackRecord): string {
  const who =
    record.account_email ?? (record.user_id === null ? '(deleted member)' : record.user_id);
  const message = record.message.replace(/\s+/g, ' ');
  const start = [...message].length > 80 ? `${[...message].slice(0, 79).join('')}…` : message;
  return terminalSafe(
    [
      record.created_at,
      record.id,
      record.category,
      who,
      `${record.attachments.length} att.`,
      start,
    ].join('  '),
  );
}

function detailsOf(record: FeedbackRecord): string[] {
  return [
    `id: ${record.id}`,
    `received: ${record.created_at}`,
    `category: ${record.category}`,
    `member: ${record.user_id ?? '(deleted)'} ${record.account_email ?? ''}`.trimEnd(),
    `reply to: ${record.contact_email || record.account_email || '(none)'}`,
    `locale: ${record.locale}`,
    `app version: ${record.app_version || '(not given)'}`,
    `client: ${record.client_id || '(not given)'}`,
    `user agent: ${record.user_agent || '(not given)'}`,
    `attachments: ${record.attachments.length}`,
    ...record.attachments.map(
      (item) =>
        `  ${item.position + 1}. ${item.name} (${item.type}, ${String(item.size)} bytes, sha256 ${item.sha256})`,
    ),
    '',
  ]
    .map((line) => terminalSafe(line))
    .concat(terminalSafe(record.message, true));
}

function limitOf(value: string | undefined): number {
  if (value === undefined) {
    return 20;
  }
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 500) {
    throw new FeedbackUsageError('--limit must be a whole number from 1 to 500');
  }
  return Number(value);
}

/**
 * Runs one operator command (`list` or `show`) and answers the lines to print. Throws
 * `FeedbackUsageError` for a wrong command line or an unknown id.
 */
export async function runFeedbackCommand(
  argv: string[],
  deps: { feedback: Pick<FeedbackService, 'list' | 'find'>; store: Pick<BlobStore, 'get'> },
): Promise<string[]> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        limit: { type: 'string' },
        category: { type: 'string' },
        before: { type: 'string' },
        save: { type: 'string' },
      },
    });
  } catch (cause) {
    throw new FeedbackUsageError(cause instanceof Error ? cause.message : String(cause));
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  switch (command) {
    case 'list': {
      if (rest.length > 0) {
        throw new FeedbackUsageError(`Unexpected ${rest.join(' ')}`);
      }
      const category = values.category;
      if (category !== undefined && !(feedbackCategories as readonly string[]).includes(category)) {
        throw new FeedbackUsageError(`--category must be one of ${feedbackCategories.join(', ')}`);
      }
      let before: { createdAt: string; id: string } | undefined;
      if (values.before !== undefined) {
        const after = await deps.feedback.find(values.before);
        if (after === undefined) {
          throw new FeedbackUsageError(`No feedback has the id ${values.before}`);
        }
        before = { createdAt: after.created_at, id: after.id };
      }
      const limit = limitOf(values.limit);
      const records = await deps.feedback.list({ limit, before, category });
      if (records.length === 0) {
        return ['No feedback.'];
      }
      const lines = records.map(lineOf);
      const last = records[records.length - 1];
      if (records.length === limit && last !== undefined) {
        lines.push(`More: list --before ${last.id}`);
      }
      return lines;
    }
    case 'show': {
      const [id, ...extra] = rest;
      if (id === undefined || extra.length > 0) {
        throw new FeedbackUsageError('show takes one feedback id');
      }
      const record = await deps.feedback.find(id);
      if (record === undefined) {
        throw new FeedbackUsageError(`No feedback has the id ${id}`);
      }
      const lines = detailsOf(record);
      if (values.save !== undefined) {
        await fs.mkdir(values.save, { recursive: true });
        for (const item of record.attachments) {
          const file = path.join(values.save, `${record.id}-${item.position + 1}-${item.name}`);
          await pipeline(
            await deps.store.get(item.sha256),
            (await fs.open(file, 'wx', 0o600)).createWriteStream(),
          );
          lines.push(`saved ${terminalSafe(file)}`);
        }
      }
      return lines;
    }
    case undefined:
      throw new FeedbackUsageError('Name a command: list or show');
    default:
      throw new FeedbackUsageError(`Unknown command ${command}`);
  }
}
