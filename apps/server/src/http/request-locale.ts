import type { FastifyRequest } from 'fastify';
import { negotiateLocale, type Locale } from '@nimbus/contracts';

/** The language of a request's messages, from its `Accept-Language` header. */
export function requestLocale(request: Pick<FastifyRequest, 'headers'>): Locale {
  const header = request.headers['accept-language'];
  return negotiateLocale(Array.isArray(header) ? header.join(',') : header);
}
