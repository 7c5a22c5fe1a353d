'use client';

import { useCallback, useEffect, useRef } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { toast } from '@/components/ui/toast';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import { contentUrlOf } from '@/features/preview/content-url';
import { browserSleep } from './restore-task';
import type { RestoreRequestBody, ShareZipBody } from './share-api';
import { shareFileInfo, zipShare } from './share-api';
import { downloadOneByOne } from './share-pick';
import { needsSignIn } from './use-share-save';

/** Starts a download of a link in this tab (the content origin sends it as an attachment). */
function startDownload(url: string, name: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * Downloads from a share: a file by its own signed link, several files one at a time, or a zip
 * (`POST /drive/v1/share:zip`, streamed as it is read). A zip refused for want of a sign-in asks
 * for one (`askSignIn`).
 */
export function useShareDownloads({
  shareId,
  token,
  errorTexts,
  askSignIn,
}: {
  shareId: string;
  token: string;
  errorTexts: ErrorTexts;
  askSignIn: (action: 'download', body: RestoreRequestBody) => void;
}) {
  const t = useTranslations('share');
  const locale = useLocale();
  const downloading = useRef<AbortController | undefined>(undefined);

  const download = useCallback(
    async (fileId: string) => {
      try {
        const answer = await shareFileInfo({
          share_id: shareId,
          file_id: fileId,
          pass_code_token: token,
        });
        const url = answer.file_info ? contentUrlOf(answer.file_info) : undefined;
        if (answer.share_status !== 'OK' || !answer.file_info || !url) {
          toast({
            title:
              answer.share_status === 'OK'
                ? t('download.failed')
                : answer.share_status_text || t(`status.${answer.share_status}`),
          });
          return;
        }
        startDownload(url, answer.file_info.name);
      } catch (cause) {
        toast({ title: errorText(cause, locale, errorTexts) ?? t('download.failed') });
      }
    },
    [shareId, token, t, locale, errorTexts],
  );

  /** Downloads files one at a time; a new pick's downloads take the place of one running. */
  const downloadAll = useCallback(
    async (fileIds: readonly string[]) => {
      downloading.current?.abort();
      const controller = new AbortController();
      downloading.current = controller;
      await downloadOneByOne(fileIds, {
        download,
        sleep: (ms) => browserSleep(ms, controller.signal).catch(() => undefined),
        signal: controller.signal,
      });
    },
    [download],
  );

  /** Asks for a zip link and starts its download; the zip is streamed as it is read. */
  const downloadZip = useCallback(
    async (body: ShareZipBody) => {
      try {
        const answer = await zipShare({ ...body, pass_code_token: token });
        if (answer.share_status !== 'OK' || !answer.url) {
          toast({
            title:
              answer.share_status === 'OK'
                ? t('download.failed')
                : answer.share_status_text || t(`status.${answer.share_status}`),
          });
          return;
        }
        startDownload(answer.url, answer.name);
      } catch (cause) {
        if (needsSignIn(cause)) {
          askSignIn('download', body);
          return;
        }
        toast({ title: errorText(cause, locale, errorTexts) ?? t('download.failed') });
      }
    },
    [token, t, locale, errorTexts, askSignIn],
  );

  useEffect(() => () => downloading.current?.abort(), []);

  return { download, downloadAll, downloadZip } as const;
}
