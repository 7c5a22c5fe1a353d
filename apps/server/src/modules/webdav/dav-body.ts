import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';

/** Request bodies of XML calls are small; larger ones are refused before they are read whole. */
const maxXmlBytes = 1024 * 1024;

/** The body of a WebDAV call that takes XML, as text (at most 1 MiB; `''` when none). */
export async function xmlBodyOf(request: FastifyRequest): Promise<string> {
  const declared = Number(request.headers['content-length'] ?? '0');
  if (declared > maxXmlBytes) {
    throw new AppError('payload_too_large', { status: 413 });
  }
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of request.raw as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > maxXmlBytes) {
      throw new AppError('payload_too_large', { status: 413 });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
