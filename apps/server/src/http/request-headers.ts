import type { FastifyRequest } from 'fastify';

const deviceIdPattern = /^[0-9a-f]{32}$/;

/** A request header given once, as text; undefined when absent (or repeated). */
export function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** `x-device-id` when it is 32 lower-case hex digits (docs/api.md#conventions), else `""`. */
export function deviceIdOf(request: FastifyRequest): string {
  const deviceId = headerOf(request, 'x-device-id') ?? '';
  return deviceIdPattern.test(deviceId) ? deviceId : '';
}

/** `x-client-id` (a registered client: the client guard refused any other), `""` when none. */
export function clientIdOf(request: FastifyRequest): string {
  return (headerOf(request, 'x-client-id') ?? '').slice(0, 64);
}
