'use client';

import { useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import { isTorrentLink, linkKind } from './links';
import { checkLinks } from './offline-api';
import type { TorrentLookup } from './torrent-lookup';

/** How long the links rest unchanged before their torrents' file lists are asked for. */
const lookupDelayMs = 400;

/**
 * The file lists of the torrent links among `links` (magnet links, and http(s) links to a
 * `.torrent`), asked of the link checker (`POST /drive/v1/resource/list`) once the links rest
 * unchanged a moment; each link is asked once, and shows `loading` meanwhile.
 */
export function useTorrentLookups(links: readonly string[], errorTexts: ErrorTexts) {
  const t = useTranslations('offline');
  const locale = useLocale();
  const [lookups, setLookups] = useState<Record<string, TorrentLookup>>({});
  const asked = useRef(new Set<string>());
  const torrentLinks = links.filter((link) => linkKind(link) === 'magnet' || isTorrentLink(link));
  const torrentKey = torrentLinks.join('\n');

  useEffect(() => {
    const pending = torrentKey
      .split('\n')
      .filter((link) => link !== '' && !asked.current.has(link));
    if (pending.length === 0) {
      return;
    }
    const timer = setTimeout(() => {
      for (const link of pending) {
        asked.current.add(link);
        setLookups((state) => ({ ...state, [link]: { state: 'loading' } }));
        const failedText = isTorrentLink(link)
          ? t('add.torrent-link-failed')
          : t('add.magnet-failed');
        void checkLinks([link])
          .then(([resource]) => {
            const lookup: TorrentLookup =
              resource && resource.files.length > 0
                ? {
                    state: 'ready',
                    name: resource.name,
                    files: resource.files.map((file) => ({
                      index: file.id,
                      name: file.name,
                      size: Number(file.file_size),
                    })),
                    skipped: new Set(),
                  }
                : {
                    state: 'failed',
                    name: resource?.name ?? '',
                    message: resource?.message || failedText,
                  };
            setLookups((state) => ({ ...state, [link]: lookup }));
          })
          .catch((error: unknown) => {
            setLookups((state) => ({
              ...state,
              [link]: {
                state: 'failed',
                name: '',
                message: errorText(error, locale, errorTexts) ?? failedText,
              },
            }));
          });
      }
    }, lookupDelayMs);
    return () => clearTimeout(timer);
  }, [torrentKey, errorTexts, locale, t]);

  /** Changes which files of a read torrent link are left out. */
  function setSkipped(link: string, skipped: ReadonlySet<string>) {
    setLookups((state) => {
      const current = state[link];
      return current?.state === 'ready' ? { ...state, [link]: { ...current, skipped } } : state;
    });
  }

  return { lookups, torrentLinks, setSkipped };
}
