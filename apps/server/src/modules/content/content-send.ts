import { create as contentDisposition } from 'content-disposition';
import { safeFileName } from '@nimbus/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorBody } from '../../http/error-body';
import { headerOf } from '../../http/request-headers';
import { requestLocale } from '../../http/request-locale';
import { decideServing } from './content-serving';
import type { ContentService, ServedFile } from './content.service';

/** An error object with a status of its own (304/412/416 are HTTP facts, not error kinds). */
export function sendServingError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  reason: 'out_of_range' | 'failed_precondition',
) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(JSON.stringify(toErrorBody(reason, { locale: requestLocale(request) })));
}

/**
 * Answers a GET or HEAD of a stored file: validators, conditional requests, one range, and the
 * bytes streamed from the blob store (metered for `meteredFor`, whose traffic the caller
 * checked). Content links and WebDAV both send files through here.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  content: ContentService,
  file: ServedFile,
  options: { inline: boolean; meteredFor: string | undefined; cacheControl: string },
) {
  const { inline, meteredFor } = options;
  const isHead = request.method === 'HEAD';
  const { etag, lastModified } = file.validators;
  void reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', new Date(lastModified * 1000).toUTCString())
    .header('cache-control', options.cacheControl);
  const decision = decideServing(file.size, file.validators, {
    ifMatch: headerOf(request, 'if-match'),
    ifNoneMatch: headerOf(request, 'if-none-match'),
    ifModifiedSince: headerOf(request, 'if-modified-since'),
    ifUnmodifiedSince: headerOf(request, 'if-unmodified-since'),
    ifRange: headerOf(request, 'if-range'),
    range: headerOf(request, 'range'),
  });
  switch (decision.status) {
    case 304:
      return reply.code(304).send();
    case 412:
      return sendServingError(request, reply, 412, 'failed_precondition');
    case 416:
      void reply.header('content-range', `bytes */${file.size}`);
      return sendServingError(request, reply, 416, 'out_of_range');
    case 200:
    case 206:
      break;
  }
  void reply.type(file.type.contentType).header(
    'content-disposition',
    contentDisposition(safeFileName(file.record.name) || 'download', {
      type: inline ? 'inline' : 'attachment',
    }),
  );
  if (!isHead) {
    await content.noteOpened(file, {
      inline,
      fromStart: decision.status === 200 || decision.start === 0,
    });
  }
  if (decision.status === 206) {
    void reply
      .code(206)
      .header('content-range', `bytes ${decision.start}-${decision.end}/${file.size}`)
      .header('content-length', decision.end - decision.start + 1);
    return reply.send(
      isHead
        ? undefined
        : content.metered(
            meteredFor,
            await content.read(file, { start: decision.start, end: decision.end }),
          ),
    );
  }
  void reply.header('content-length', file.size);
  return reply.send(isHead ? undefined : content.metered(meteredFor, await content.read(file)));
}
