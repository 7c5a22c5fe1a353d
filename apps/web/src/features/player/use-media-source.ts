'use client';

import { useEffect, useState } from 'react';
import { hlsType, mediaSourceOf } from './media-codecs';
import { playDirect } from './media-element';

/*
 * Puts a media link into the video element: the file's bytes directly, an HLS playlist through
 * hls.js (loaded only then, so no page pays for it up front) or the browser's own HLS where it
 * has no Media Source Extensions (iOS Safari).
 */

/** What the source reports besides the video element's own events. */
export type SourceState = 'ok' | 'preparing' | 'failed';

/** HTTP status of a segment the server is still making (`transcode_busy`). */
const busyStatus = 503;

/** How long to wait before asking again for a segment that is being made, in milliseconds. */
const busyRetryMs = 2000;

export function useMediaSource(
  video: HTMLVideoElement | null,
  url: string | undefined,
  isHls: boolean,
): SourceState {
  const [state, setState] = useState<{ url?: string; value: SourceState }>({ value: 'ok' });
  useEffect(() => {
    if (!video || !url) {
      return;
    }
    const report = (value: SourceState) => setState({ url, value });
    const source = mediaSourceOf();
    // Without Media Source Extensions (iOS before 17.1), or with only Apple's managed kind,
    // the browser's own HLS plays better than a script could.
    if (!isHls || !source || (video.canPlayType(hlsType) !== '' && !('MediaSource' in window))) {
      return playDirect(video, url);
    }
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let destroy: (() => void) | undefined;
    void import('hls.js').then(
      ({ default: Hls }) => {
        if (stopped) {
          return;
        }
        const hls = new Hls({ enableWorker: true, lowLatencyMode: false });
        destroy = () => hls.destroy();
        hls.on(Hls.Events.ERROR, (_event, data) => {
          const status = (data.response as { code?: number } | undefined)?.code;
          if (status === busyStatus) {
            report('preparing');
            if (data.fatal) {
              clearTimeout(retry);
              retry = setTimeout(() => hls.startLoad(video.currentTime), busyRetryMs);
            }
            return;
          }
          if (!data.fatal) {
            return;
          }
          if (data.type === Hls.ErrorTypes.MEDIA_ERROR) {
            hls.recoverMediaError();
            return;
          }
          report('failed');
        });
        hls.on(Hls.Events.FRAG_LOADED, () => report('ok'));
        hls.loadSource(url);
        hls.attachMedia(video);
      },
      () => report('failed'),
    );
    return () => {
      stopped = true;
      clearTimeout(retry);
      destroy?.();
    };
  }, [video, url, isHls]);
  return state.url === url ? state.value : 'ok';
}
