import type { z } from 'zod';
import { AppError } from './app-error';
import { unsafeTextPathOf } from './text-guard';

/** The `invalid_argument` of a `page_token` that no listing gave. */
export function invalidPageToken(): AppError {
  return new AppError('invalid_argument', {
    description: 'page_token is not a token this listing gave',
  });
}

/**
 * A listing's page token: the position after a page's last item, as base64url JSON. It is a
 * position, never an offset, so it stays valid as items come and go (docs/api.md#conventions keyset paging).
 */
export function pageTokenOf(position: unknown): string {
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
}

/** Whether a decoded position holds only what a listing writes: no NUL, only safe integers. */
function isPlainPosition(value: unknown): boolean {
  if (unsafeTextPathOf(value) !== undefined) {
    return false;
  }
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'number' && !Number.isSafeInteger(current)) {
      return false;
    }
    if (current !== null && typeof current === 'object') {
      pending.push(...(Object.values(current) as unknown[]));
    }
  }
  return true;
}

/**
 * Reads a page token back into the position `schema` describes; `invalid_argument` for anything
 * else, including positions no listing writes (a NUL, a fraction or a number beyond 2^53), which
 * a forged token could otherwise carry into a query.
 */
export function readPageToken<T>(token: string, schema: z.ZodType<T>, maxLength = 512): T {
  if (token.length > maxLength || !/^[A-Za-z0-9_-]+$/.test(token)) {
    throw invalidPageToken();
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw invalidPageToken();
  }
  const result = schema.safeParse(parsed);
  if (!result.success || !isPlainPosition(result.data)) {
    throw invalidPageToken();
  }
  return result.data;
}
