import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/**
 * Where the first NUL character (U+0000) sits in a parsed value: `""` for the value itself, a
 * dotted path for a string inside it, undefined when there is none. Keys count too. Walks with a
 * stack of its own, so a deeply nested body cannot exhaust the call stack.
 */
export function nulPathOf(value: unknown): string | undefined {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, where] = pending.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (current.includes('\u0000')) {
        return where;
      }
      continue;
    }
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current) || ArrayBuffer.isView(current)) {
      continue;
    }
    if (typeof (current as { pipe?: unknown }).pipe === 'function') {
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      const path = where === '' ? key : `${where}.${key}`;
      if (key.includes('\u0000')) {
        return where === '' ? '(key)' : `${where}.(key)`;
      }
      pending.push([item, path]);
    }
  }
  return undefined;
}

/**
 * No text of the API may hold a NUL character: no name, id, token or filter can, and PostgreSQL
 * text refuses it. A NUL anywhere in the path parameters, the query or a parsed body answers
 * `invalid_argument` (API.md §1) before any route reads it, the same on every database.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [context, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const where = nulPathOf(value);
      if (where !== undefined) {
        const field = where.length > 100 ? `${where.slice(0, 99)}…` : where;
        throw new AppError('invalid_argument', {
          description: `${context}${field === '' ? '' : `.${field}`}: NUL characters are not allowed`,
        });
      }
    }
  });
}
