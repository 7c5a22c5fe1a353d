'use client';

import type { DragEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '@nimbus/client';
import { formatBytes } from '@nimbus/contracts';
import { CircleAlert, CircleCheck, FileUp, HardDriveDownload, Link2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import { useStoredSession } from '@/lib/session/use-stored-session';
import { localePath } from '@/i18n/locale-path';
import { cn } from '@/lib/cn';
import type { Resource } from './offline-api';
import { checkLinks, createTask, uploadTorrentFile } from './offline-api';
import type { TorrentFileEntry, TorrentSummary } from './torrent-file';
import { magnetOf, readTorrent } from './torrent-file';
import { chosenFiles, TorrentFilePicker } from './torrent-file-picker';

export interface UrlCheckerProps {
  /** The link from `?url=`, checked at once. */
  initialUrl: string;
  /** `?save=1`: the visitor came back from signing in to save the link. */
  saveOnReturn: boolean;
  /**
   * `?files=0,2`: the torrent files the visitor chose before signing in (absent: every file);
   * the save on return fetches only these.
   */
  initialFiles?: readonly string[] | undefined;
  errorTexts: ErrorTexts;
  /** The words of the paste box, shared with the home page. */
  labels: { label: string; placeholder: string };
}

type SaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

/**
 * Whether "Save to my drive" is offered: a reachable link, or a magnet link (whose task may
 * still reach the swarm when its file list did not arrive in time).
 */
function savable(resource: Resource): boolean {
  return resource.reachable || (resource.is_torrent && resource.name !== '');
}

/** A torrent's files as the picker lists them. */
function entriesOf(resource: Resource | undefined): TorrentFileEntry[] {
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

/** `?files=` on the way to sign-in: the chosen indexes, or `all` for every file. */
function filesParam(files: readonly string[]): string {
  return files.length === 0 ? 'all' : files.join(',');
}

/**
 * A `.torrent` file read in the browser, shown like a checked link: its magnet link, name,
 * total size and files (nothing is sent until it is saved).
 */
function resourceOfTorrent(file: File, summary: TorrentSummary): Resource {
  return {
    kind: 'drive#resource',
    url: magnetOf(summary),
    name: summary.name || file.name,
    file_size: String(summary.files.reduce((sum, entry) => sum + entry.size, 0)),
    mime_type: 'application/x-bittorrent',
    file_category: 'OTHER',
    reachable: true,
    message: '',
    is_torrent: true,
    files: summary.files.map((entry) => ({
      id: entry.index,
      name: entry.name,
      file_size: String(entry.size),
    })),
  };
}

function needsSignIn(cause: unknown): boolean {
  return cause instanceof ApiError && (cause.status === 401 || cause.error === 'unauthenticated');
}

/**
 * The link checker: what a link holds (name, size, type, whether Nimbus can fetch it, the
 * files of a magnet link or of a `.torrent` behind an http(s) link once the server lists them,
 * each with a check box) without saving
 * anything; "Save to my drive" then creates the offline task (source `url_checker`) for the
 * chosen files (`url.files`), and cannot be pressed while none is chosen. A `.torrent` file
 * chosen or dropped is read in the browser and listed the same way; a member's save uploads it
 * into the drive and names it by id, like the Add dialog. A visitor who is not signed in is sent
 * to sign in and brought back here with the link (a torrent's magnet link) and the choice, and
 * the save finishes on return.
 */
export function UrlChecker({
  initialUrl,
  saveOnReturn,
  initialFiles,
  errorTexts,
  labels,
}: UrlCheckerProps) {
  const t = useTranslations('offline');
  const locale = useLocale();
  const router = useRouter();
  const session = useStoredSession();
  const [url, setUrl] = useState(initialUrl);
  const [checking, setChecking] = useState(false);
  const [resource, setResource] = useState<Resource>();
  const [failure, setFailure] = useState('');
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  /** The listed torrent files left out of the save. */
  const [skipped, setSkipped] = useState<ReadonlySet<string>>(noneSkipped);
  /** The `.torrent` file the result was read from; undefined for a checked link. */
  const [torrentFile, setTorrentFile] = useState<File>();
  const [dropping, setDropping] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const summaryId = useId();
  const hintId = useId();
  const checkedInitial = useRef(false);
  const savedOnReturn = useRef(false);

  const checkerPath = localePath(locale, '/url-checker');

  /** Checks a link; `picked` restores the files chosen before signing in. */
  async function check(link: string, picked?: readonly string[]) {
    const trimmed = link.trim();
    if (trimmed === '') {
      return;
    }
    setChecking(true);
    setFailure('');
    setSave({ kind: 'idle' });
    setTorrentFile(undefined);
    try {
      const [answer] = await checkLinks([trimmed]);
      setResource(answer);
      // `[]`: every file was chosen.
      const chosen = picked && picked.length > 0 ? new Set(picked) : undefined;
      setSkipped(
        chosen
          ? new Set(
              entriesOf(answer)
                .map((file) => file.index)
                .filter((index) => !chosen.has(index)),
            )
          : noneSkipped,
      );
    } catch (cause) {
      setResource(undefined);
      setFailure(errorText(cause, locale, errorTexts) ?? t('checker.error'));
    } finally {
      setChecking(false);
    }
  }

  /** Reads a chosen or dropped `.torrent` file and lists its files in place of a checked link. */
  async function readTorrentFile(file: File | undefined) {
    if (!file) {
      return;
    }
    setFailure('');
    setSave({ kind: 'idle' });
    try {
      const summary = await readTorrent(new Uint8Array(await file.arrayBuffer()));
      setResource(resourceOfTorrent(file, summary));
      setTorrentFile(file);
      setSkipped(noneSkipped);
      window.history.replaceState(null, '', checkerPath);
    } catch {
      setResource(undefined);
      setTorrentFile(undefined);
      setFailure(t('add.torrent-invalid', { name: file.name }));
    }
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDropping(false);
    void readTorrentFile(event.dataTransfer.files[0]);
  }

  function signInToSave(link: string, files: readonly string[] | undefined) {
    const back = `${checkerPath}?${new URLSearchParams({
      url: link,
      save: '1',
      ...(files ? { files: filesParam(files) } : {}),
    }).toString()}`;
    router.push(
      `${localePath(locale, '/drive/login')}?${new URLSearchParams({ redirect: back }).toString()}`,
    );
  }

  /**
   * Saves a link, or the `.torrent` file it was read from: uploaded into the drive first and
   * named by id (a visitor signs in with its magnet link instead, as a file cannot travel).
   */
  async function saveLink(
    link: string,
    files: readonly string[] | undefined,
    fromFile: File | undefined = undefined,
  ) {
    if (session.kind !== 'signed-in') {
      signInToSave(link, files);
      return;
    }
    setSave({ kind: 'saving' });
    try {
      await createTask({
        url: fromFile ? await uploadTorrentFile(fromFile, '') : link,
        parentId: '',
        ...(files ? { files } : {}),
        source: 'url_checker',
      });
      setSave({ kind: 'saved' });
    } catch (cause) {
      if (needsSignIn(cause)) {
        signInToSave(link, files);
        return;
      }
      setSave({
        kind: 'failed',
        message: errorText(cause, locale, errorTexts) ?? t('checker.error'),
      });
    }
  }

  useEffect(() => {
    if (initialUrl !== '' && !checkedInitial.current) {
      checkedInitial.current = true;
      void check(initialUrl, initialFiles);
    }
    // Only the link the page was opened with is checked by itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialUrl]);

  useEffect(() => {
    if (
      !saveOnReturn ||
      savedOnReturn.current ||
      session.kind !== 'signed-in' ||
      initialUrl === ''
    ) {
      return;
    }
    savedOnReturn.current = true;
    // A reload must not save the link twice.
    window.history.replaceState(
      null,
      '',
      `${checkerPath}?${new URLSearchParams({ url: initialUrl }).toString()}`,
    );
    void saveLink(initialUrl, initialFiles);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saveOnReturn, session.kind, initialUrl]);

  const size =
    resource && resource.file_size !== ''
      ? formatBytes(resource.file_size, { locale })
      : t('checker.unknown');
  const files = entriesOf(resource);
  const noneChosen = files.length > 0 && chosenFiles(files, skipped).length === 0;

  return (
    <div
      className={cn(
        'relative flex flex-col gap-6 rounded-2xl',
        dropping ? 'outline-2 outline-offset-4 outline-dashed outline-primary' : '',
      )}
      data-testid="url-checker"
      onDragOver={(event) => {
        if (Array.from(event.dataTransfer.types).includes('Files')) {
          event.preventDefault();
          setDropping(true);
        }
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          setDropping(false);
        }
      }}
      onDrop={onDrop}
    >
      {dropping ? (
        <div className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center rounded-2xl bg-primary/10 text-sm font-medium">
          {t('add.torrent-drop')}
        </div>
      ) : null}
      <form
        action={checkerPath}
        method="get"
        role="search"
        className="flex w-full flex-col gap-2 sm:flex-row"
        onSubmit={(event) => {
          event.preventDefault();
          window.history.replaceState(
            null,
            '',
            `${checkerPath}?${new URLSearchParams({ url: url.trim() }).toString()}`,
          );
          void check(url);
        }}
      >
        <label htmlFor="url-checker-url" className="sr-only">
          {labels.label}
        </label>
        <div className="relative flex-1">
          <Link2
            aria-hidden
            className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id="url-checker-url"
            name="url"
            required
            inputMode="url"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            placeholder={labels.placeholder}
            className="min-h-12 pl-10"
          />
        </div>
        <Button type="submit" size="lg" disabled={checking} data-testid="url-checker-submit">
          {checking ? t('checker.checking') : t('checker.check')}
        </Button>
      </form>
      <div className="-mt-3">
        <input
          ref={fileInput}
          type="file"
          accept=".torrent,application/x-bittorrent"
          hidden
          data-testid="url-checker-torrent-input"
          onChange={(event) => {
            void readTorrentFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="min-h-11 md:min-h-8"
          onClick={() => fileInput.current?.click()}
        >
          <FileUp aria-hidden />
          {t('add.torrent')}
        </Button>
      </div>

      {failure ? (
        <p role="alert" className="rounded-lg bg-danger/10 p-3 text-sm text-danger">
          {failure}
        </p>
      ) : null}

      {checking && !resource ? (
        <div aria-hidden className="h-40 animate-pulse rounded-2xl bg-muted" />
      ) : null}

      {resource ? (
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
            <dt className="text-muted-foreground">{t('checker.name')}</dt>
            <dd className="break-all font-medium" data-testid="url-checker-name">
              {resource.name || t('checker.unknown')}
            </dd>
            <dt className="text-muted-foreground">{t('checker.size')}</dt>
            <dd data-testid="url-checker-size">{size}</dd>
            <dt className="text-muted-foreground">{t('checker.type')}</dt>
            <dd className="break-all">{resource.mime_type || t('checker.unknown')}</dd>
            <dt className="text-muted-foreground">{t('checker.status')}</dt>
            <dd className="flex items-center gap-2" data-testid="url-checker-status">
              {resource.reachable ? (
                <CircleCheck aria-hidden className="size-4 text-success" />
              ) : (
                <CircleAlert aria-hidden className="size-4 text-danger" />
              )}
              {torrentFile
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
              onSkippedChange={setSkipped}
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
                onClick={() =>
                  void saveLink(resource.url, pickedIndexes(files, skipped), torrentFile)
                }
                data-testid="url-checker-save"
              >
                <HardDriveDownload aria-hidden />
                {save.kind === 'saving'
                  ? t('checker.saving')
                  : session.kind === 'signed-out'
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
      ) : null}
    </div>
  );
}

/** Every listed file chosen. */
const noneSkipped: ReadonlySet<string> = new Set();
