import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { GateCheck } from './request-gate';

/**
 * The headers helmet sets for `options`, worked out once. Helmet's middleware parses its options
 * (the CSP directives above all) every time it is built, and a per-request build costs more than
 * the rest of a small call; with options that do not depend on the request (no nonces, no
 * directive functions) every request gets the same headers.
 */
export function securityHeadersOf(options: HelmetOptions): [string, string][] {
  // Keyed by the lower-cased name, holding the name as helmet spells it.
  const headers = new Map<string, [string, string]>();
  const recorder = {
    setHeader(name: string, value: string) {
      headers.set(name.toLowerCase(), [name, value]);
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  // Helmet throws on a bad option itself; its callback only says that it is done.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return [...headers.values()];
}

/**
 * Security headers (CSP, HSTS, nosniff, frame and referrer policies...) on every answer, put in
 * the reply's headers before any route runs, so a route may still replace one (a sandboxing
 * CSP). Not on the raw response: once that holds a header, Node's writeHead copies every
 * header Fastify hands it onto the response one by one (checking each) instead of writing them
 * straight out, on every request. A check of the request gate (`registerRequestGate`).
 */
export function securityHeaders(options: HelmetOptions): GateCheck {
  const headers = securityHeadersOf(options);
  return (_request, reply) => {
    for (const [name, value] of headers) {
      void reply.header(name, value);
    }
    return undefined;
  };
}
