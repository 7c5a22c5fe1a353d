import { parseCookie, stringifySetCookie, type SerializeOptions } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The value of cookie `name`, read from the request's Cookie header when asked. Only the session
 * check asks, so the header is not parsed on every request (a hook per request, and another on
 * every answer to write cookies, cost more than the few calls that carry one).
 */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  return header === undefined ? undefined : parseCookie(header)[name];
}

/** Adds a Set-Cookie header to the answer; earlier ones stay. */
export function setCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  options: SerializeOptions,
): void {
  void reply.header('set-cookie', stringifySetCookie({ name, value, ...options }));
}

/** Tells the browser to drop cookie `name` (an empty value that has already expired). */
export function clearCookie(reply: FastifyReply, name: string, options: SerializeOptions): void {
  setCookie(reply, name, '', { ...options, expires: new Date(0), maxAge: 0 });
}
