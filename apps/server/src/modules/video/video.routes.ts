import { videoApi } from '@nimbus/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { catalogueRoute } from '../../http/catalogue-route';
import { AppError } from '../../http/app-error';
import { contentSecurityHeaders } from '../content/content-serving';
import type { ContentService } from '../content/content.service';
import type { TranscodeJobs } from './transcode-jobs';
import type { VideoService } from './video.service';

export interface VideoRoutesDeps {
  content: Pick<ContentService, 'verify'>;
  videos: VideoService;
  jobs: Pick<TranscodeJobs, 'close'>;
}

function playlistReply(reply: FastifyReply, playlist: string) {
  return reply
    .type('application/vnd.apple.mpegurl')
    .header('cache-control', 'private, no-cache')
    .send(playlist);
}

/** The HLS paths under a rendition's signed link (`/content/v1/{token}/hls/{name}`). */
export function videoRoutes(deps: VideoRoutesDeps) {
  return async (app: FastifyInstance) => {
    app.addHook('onClose', () => deps.jobs.close());

    catalogueRoute(app, videoApi.hls, {}, async (request, reply) => {
      void reply.headers(contentSecurityHeaders);
      const claims = deps.content.verify(request.params.token);
      if (claims.p !== 'hls') {
        throw new AppError('file_not_found');
      }
      const { name } = request.params;
      const { audio, burn } = request.query;
      if (name === 'master.m3u8') {
        return playlistReply(reply, await deps.videos.master(claims, audio, burn));
      }
      const playlist = /^(index|video|audio)\.m3u8$/.exec(name)?.[1];
      if (playlist !== undefined) {
        const part = playlist === 'index' ? 'muxed' : (playlist as 'video' | 'audio');
        return playlistReply(reply, await deps.videos.playlist(claims, audio, burn, part));
      }
      const [, prefix, number, extension] = /^([va]?)(\d+|init)\.(ts|m4s|mp4)$/.exec(name) ?? [];
      const part = prefix === 'v' ? 'video' : prefix === 'a' ? 'audio' : 'muxed';
      const segment =
        number === 'init'
          ? await deps.videos.init(claims, audio, part)
          : await deps.videos.segment(
              claims,
              Number.parseInt(number ?? '', 10),
              audio,
              burn,
              part,
              extension === 'm4s' ? 'fmp4' : 'mpegts',
            );
      return reply
        .type(extension === 'ts' ? 'video/mp2t' : 'video/mp4')
        .header('cache-control', 'private, max-age=86400')
        .header('content-length', segment.size)
        .send(segment.open());
    });
  };
}
