'use client';

import { formatBytes } from '@nimbus/contracts';
import { CircleAlert, CircleCheck, HardDriveDownload } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { localePath } from '@/i18n/locale-path';
import type { Resource } from './offline-api';
import type { TorrentFileEntry } from './torrent-file';
import { chosenFiles, TorrentFilePicker } from './torrent-file-picker';

/* What the link checker (url-checker.tsx) shows of a checked link, and its save button. */

/** Where the save of a checked link stands. */
export type SaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

/**
 * Whether "Save to my drive" is offered: a reachable link, or a magnet link (whose task may
 * still reach the swarm when its file list did not arrive in time).
 */
function savable(resource: Resource): boolean {
  return resource.reachable || (resource.is_torrent && resource.name !== '');
}

/** A torrent's files as the picker lists them. */
export function entriesOf(resource: Resource | undefined): TorrentFileEntry[] {
  return (resource?.files ?? []).map((file) => ({
    index: file.id,
    name: file.name,
    size: Number(file.file_size),
  }));
}

/**
 * What `url.files` asks for: nothing for a link without listed files (saved as it is); `[]`
 * (every file, also those past the listed ones) when every listed file is chosen, otherwise the
 * chosen indexes. An http(s) link to a `.torrent` runs as a torrent only with `url.files`
 * present, so a torrent's save always sends it.
 */
function pickedIndexes(
  files: readonly TorrentFileEntry[],
  skipped: ReadonlySet<string>,
): string[] | undefined {
  if (files.length === 0) {
    return undefined;
  }
  return skipped.size === 0 ? [] : chosenFiles(files, skipped).map((file) => file.index);
}

/**
 * A checked link (or a read `.torrent` file): name, size, type, whether Nimbus can fetch it,
 * the torrent's files with a check box each, and "Save to my drive" with what became of the save.
 */
export function UrlCheckResult({
  resource,
  checking,
  fromFile,
  skipped,
  onSkippedChange,
  save,
  signedOut,
  onSave,
}: {
  resource: Resource;
  checking: boolean;
  /** Read from a `.torrent` file rather than checked by the server. */
  fromFile: boolean;
  /** The listed torrent files left out of the save. */
  skipped: ReadonlySet<string>;
  onSkippedChange: (skipped: ReadonlySet<string>) => void;
  save: SaveState;
  /** A visitor: the button leads to sign-in first. */
  signedOut: boolean;
  /** Saves the link with its `url.files` (see `pickedIndexes`). */
  onSave: (files: string[] | undefined) => void;
}) {
  const t = useTranslations('offline');
  const locale = useLocale();
  const summaryId = useId();
  const hintId = useId();
  const size =
    resource.file_size !== '' ? formatBytes(resource.file_size, { locale }) : t('checker.unknown');
  // A link that cannot be fetched tells nothing but why: no rows of "unknown".
  const known = resource.reachable || fromFile;
  const files = entriesOf(resource);
  const noneChosen = files.length > 0 && chosenFiles(files, skipped).length === 0;
  return (
    <section
      aria-labelledby="url-checker-result"
      aria-busy={checking}
      className="flex flex-col gap-4 rounded-2xl border border-border bg-background p-5"
      data-testid="url-checker-result"
      data-reachable={resource.reachable}
    >
      <h2 id="url-checker-result" className="text-lg font-semibold">
        {t('checker.result')}
      </h2>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
        {known || resource.name !== '' ? (
          <>
            <dt className="text-muted-foreground">{t('checker.name')}</dt>
            <dd className="break-all font-medium" data-testid="url-checker-name">
              {resource.name || t('checker.unknown')}
            </dd>
          </>
        ) : null}
        {known ? (
          <>
            <dt className="text-muted-foreground">{t('checker.size')}</dt>
            <dd data-testid="url-checker-size">{size}</dd>
            <dt className="text-muted-foreground">{t('checker.type')}</dt>
            <dd className="break-all">{resource.mime_type || t('checker.unknown')}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">{t('checker.status')}</dt>
        <dd className="flex items-center gap-2" data-testid="url-checker-status">
          {resource.reachable ? (
            <CircleCheck aria-hidden className="size-4 text-success" />
          ) : (
            <CircleAlert aria-hidden className="size-4 text-danger" />
          )}
          {fromFile
            ? t('checker.from-file')
            : resource.reachable
              ? t('checker.reachable')
              : resource.message || t('checker.unreachable')}
        </dd>
      </dl>
      {files.length > 0 ? (
        <TorrentFilePicker
          name={resource.name || t('checker.unknown')}
          files={files}
          skipped={skipped}
          onSkippedChange={onSkippedChange}
          summaryId={summaryId}
          listClassName="max-h-[min(20rem,50dvh)]"
          disabled={save.kind === 'saving' || save.kind === 'saved'}
          testId="url-checker-files"
        />
      ) : null}
      {savable(resource) ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            size="lg"
            className="w-full sm:w-auto"
            disabled={save.kind === 'saving' || save.kind === 'saved' || noneChosen}
            aria-describedby={noneChosen ? hintId : files.length > 0 ? summaryId : undefined}
            onClick={() => onSave(pickedIndexes(files, skipped))}
            data-testid="url-checker-save"
          >
            <HardDriveDownload aria-hidden />
            {save.kind === 'saving'
              ? t('checker.saving')
              : signedOut
                ? t('checker.sign-in')
                : t('checker.save')}
          </Button>
          {noneChosen ? (
            <p
              id={hintId}
              className="flex items-center gap-2 text-sm text-muted-foreground"
              data-testid="url-checker-no-files"
            >
              <CircleAlert aria-hidden className="size-4 shrink-0" />
              {t('checker.no-files')}
            </p>
          ) : null}
          {save.kind === 'saved' ? (
            <p
              role="status"
              className="flex items-center gap-2 text-sm"
              data-testid="url-checker-saved"
            >
              <CircleCheck aria-hidden className="size-4 text-success" />
              {t('checker.saved')}
              <a
                href={localePath(locale, '/drive/tasks')}
                className="font-medium text-primary underline-offset-2 hover:underline"
              >
                {t('checker.view')}
              </a>
            </p>
          ) : null}
          {save.kind === 'failed' ? (
            <p role="alert" className="text-sm text-danger">
              {save.message}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
