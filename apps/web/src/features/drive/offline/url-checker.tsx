'use client';

import type { DragEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@nimbus/client';
import { FileUp, Link2 } from 'lucide-react';
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
import type { TorrentSummary } from './torrent-file';
import { magnetOf, readTorrent } from './torrent-file';
import { entriesOf, UrlCheckResult, type SaveState } from './url-check-result';

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
        <UrlCheckResult
          resource={resource}
          checking={checking}
          fromFile={torrentFile !== undefined}
          skipped={skipped}
          onSkippedChange={setSkipped}
          save={save}
          signedOut={session.kind === 'signed-out'}
          onSave={(picked) => void saveLink(resource.url, picked, torrentFile)}
        />
      ) : null}
    </div>
  );
}

/** Every listed file chosen. */
const noneSkipped: ReadonlySet<string> = new Set();
