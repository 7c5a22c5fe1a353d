import type { FastifyInstance, preValidationHookHandler, RouteOptions } from 'fastify';
import { AppError } from './app-error';

/** A UTF-16 surrogate without its pair (with the `u` flag a paired one is one code point). */
const unpairedSurrogate = /\p{Cs}/u;

/** Whether a string holds a NUL or an unpaired surrogate: text no name, id or token holds. */
export function isUnsafeText(text: string): boolean {
  return text.includes('\u0000') || unpairedSurrogate.test(text);
}

/**
 * Where the first unsafe text (a NUL, or a surrogate without its pair) sits in a parsed value:
 * `""` for the value itself, a dotted path for a string inside it, undefined when there is none.
 * Keys count too. Walks with a stack of its own, so a deeply nested body cannot exhaust the
 * call stack.
 */
export function unsafeTextPathOf(value: unknown): string | undefined {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, where] = pending.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (isUnsafeText(current)) {
        return where;
      }
      continue;
    }
    if (
      current === null ||
      typeof current !== 'object' ||
      Buffer.isBuffer(current) ||
      ArrayBuffer.isView(current)
    ) {
      continue;
    }
    if (typeof (current as { pipe?: unknown }).pipe === 'function') {
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (isUnsafeText(key)) {
        return where === '' ? '(key)' : `${where}.(key)`;
      }
      pending.push([item, where === '' ? key : `${where}.${key}`]);
    }
  }
  return undefined;
}

/** A route that reads no text of the request: a GET or HEAD of a fixed path that takes no query. */
function takesNoText(route: RouteOptions): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return (
    methods.every((method) => method === 'GET' || method === 'HEAD') &&
    !/[:*]/.test(route.url) &&
    route.schema?.querystring === undefined
  );
}

/**
 * No text of the drive's calls may hold a NUL character or an unpaired UTF-16 surrogate
 * (`"\ud800"` is valid JSON but no Unicode text): PostgreSQL text refuses a NUL, and both
 * databases would store a lone surrogate as U+FFFD, a name other than the one given. Either,
 * anywhere in the path parameters, the query or a parsed body of a route under one of
 * `prefixes`, answers `invalid_argument` (docs/api.md#errors) before the route reads it, the same on
 * every database. Routes of other groups check their own texts (an activation code of control
 * characters answers `activation_code_invalid`, as any unknown code does).
 */
export function registerTextGuard(app: FastifyInstance, prefixes: readonly string[]): void {
  const guard: preValidationHookHandler = (request, _reply, done) => {
    for (const [context, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const where = unsafeTextPathOf(value);
      if (where !== undefined) {
        const field = where.length > 100 ? `${where.slice(0, 99)}…` : where;
        done(
          new AppError('invalid_argument', {
            description: `${context}${field === '' ? '' : `.${field}`}: NUL characters and unpaired surrogates are not allowed`,
          }),
        );
        return;
      }
    }
    done();
  };
  // Added to the routes it guards as they are registered, ahead of their own checks, rather than
  // run on every request to look at the path: most requests (content, health) have no text.
  app.addHook('onRoute', (route) => {
    if (!prefixes.some((prefix) => route.url.startsWith(prefix)) || takesNoText(route)) {
      return;
    }
    const own = route.preValidation;
    const hooks = own === undefined ? [] : Array.isArray(own) ? own : [own];
    if (!hooks.includes(guard)) {
      route.preValidation = [guard, ...hooks];
    }
  });
}
