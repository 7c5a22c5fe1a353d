'use client';

import type { DragEvent } from 'react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@nimbus/client';
import { CircleAlert, Download, FileUp, Folder, HardDrive, LoaderCircle } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import { FolderTree } from '@/features/drive/folder-tree';
import { aboutQueryKey } from '@/features/drive/query-keys';
import { cn } from '@/lib/cn';
import { isTorrentLink, linkKind, maxLinks, splitLinks } from './links';
import { checkLinks, createTask, uploadTorrentFile } from './offline-api';
import { TaskLimitNotice } from './task-limit-notice';
import { tasksQueryKey } from './task-query-keys';
import type { TorrentSummary } from './torrent-file';
import { readTorrent } from './torrent-file';
import { TorrentFilePicker, boxClass, chosenFiles } from './torrent-file-picker';
import type { TorrentLookup } from './torrent-lookup';
import { fileNameOf, taskFiles } from './torrent-lookup';

export interface AddLinkDialogProps {
  /** The folder shown when the dialog opened; offered as the destination besides My Downloads. */
  folder?: { id: string; name: string } | undefined;
  errorTexts: ErrorTexts;
  /** Links already in the box when it opens (`?action=create_task&url=`). */
  initialText?: string | undefined;
  onOpenTasks: () => void;
  onClose: () => void;
}

/** The outcome of one link of the last submit that did not become a task. */
type LinkProblem = { link: string; message: string };

/** A `.torrent` file chosen or dropped, read in the browser, with the files left out. */
interface ChosenTorrent {
  key: string;
  file: File;
  summary: TorrentSummary;
  skipped: ReadonlySet<string>;
}

/** How long the links rest unchanged before their torrents' file lists are asked for. */
const lookupDelayMs = 400;

/**
 * The "Add link" dialog: links pasted one a line (http, https, magnet) and `.torrent` files
 * chosen or dropped (read in the browser, so their files can be picked before anything is
 * sent), the destination folder (My Downloads unless another is chosen), then one offline task
 * per link or torrent. A torrent file is uploaded into the destination first and the task names
 * it by id (docs/api.md#tasks); the chosen files go as `url.files`. A pasted magnet link's file list, and
 * that of an http(s) link to a `.torrent`, is asked of the link checker
 * (`POST /drive/v1/resource/list`) with a spinner meanwhile. When the swarm does not answer in
 * time a magnet can still be added for every file; a `.torrent` link that cannot be read, or
 * that the member chooses to keep as it is, is saved as a file. Links that failed stay in the
 * box with their reason; the rest leave it.
 */
export function AddLinkDialog({
  folder,
  errorTexts,
  initialText,
  onOpenTasks,
  onClose,
}: AddLinkDialogProps) {
  const t = useTranslations('offline');
  const td = useTranslations('drive');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [text, setText] = useState(initialText ?? '');
  const [target, setTarget] = useState<{ id: string; name: string }>({ id: '', name: '' });
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<LinkProblem[]>([]);
  const [notice, setNotice] = useState('');
  const [dropping, setDropping] = useState(false);
  const [torrents, setTorrents] = useState<ChosenTorrent[]>([]);
  /** The server refused a link with `task_daily_create_limit` in this dialog. */
  const [limitRefused, setLimitRefused] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const textId = useId();
  const hintId = useId();

  const links = useMemo(() => splitLinks(text), [text]);
  const invalid = links.filter((link) => linkKind(link) === 'invalid');
  const [lookups, setLookups] = useState<Record<string, TorrentLookup>>({});
  /** `.torrent` links the member keeps as files rather than running their torrents. */
  const [keptAsFiles, setKeptAsFiles] = useState<ReadonlySet<string>>(new Set());
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

  async function addTorrents(files: readonly File[]) {
    const added: ChosenTorrent[] = [];
    const wrong: LinkProblem[] = [];
    for (const file of files) {
      try {
        const summary = await readTorrent(new Uint8Array(await file.arrayBuffer()));
        added.push({ key: `${file.name}:${summary.infoHash}`, file, summary, skipped: new Set() });
      } catch {
        wrong.push({ link: file.name, message: t('add.torrent-invalid', { name: file.name }) });
      }
    }
    setTorrents((current) => [
      ...current,
      ...added.filter((torrent) => !current.some((item) => item.key === torrent.key)),
    ]);
    setProblems(wrong);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDropping(false);
    void addTorrents(Array.from(event.dataTransfer.files));
  }

  async function submit() {
    if ((links.length === 0 && torrents.length === 0) || links.length > maxLinks) {
      return;
    }
    setBusy(true);
    setNotice('');
    const failed: LinkProblem[] = invalid.map((link) => ({ link, message: t('add.invalid-link') }));
    const failedTorrents: ChosenTorrent[] = [];
    let added = 0;
    const describe = (error: unknown) => {
      if (error instanceof ApiError && error.error === 'task_daily_create_limit') {
        setLimitRefused(true);
      }
      return errorText(error, locale, errorTexts) ?? td('error.generic');
    };
    for (const link of links) {
      if (linkKind(link) === 'invalid') {
        continue;
      }
      const lookup = lookups[link];
      const keptAsFile = keptAsFiles.has(link);
      if (
        lookup?.state === 'ready' &&
        !keptAsFile &&
        chosenFiles(lookup.files, lookup.skipped).length === 0
      ) {
        failed.push({ link, message: t('add.no-files-chosen') });
        continue;
      }
      const picked = taskFiles(link, lookup, keptAsFile);
      try {
        await createTask({
          url: link,
          parentId: target.id,
          ...(picked ? { files: picked } : {}),
          source: 'add_button',
        });
        added += 1;
      } catch (error) {
        failed.push({ link, message: describe(error) });
      }
    }
    for (const torrent of torrents) {
      const files = torrent.summary.files
        .map((file) => file.index)
        .filter((index) => !torrent.skipped.has(index));
      if (files.length === 0) {
        failed.push({ link: torrent.file.name, message: t('add.no-files-chosen') });
        failedTorrents.push(torrent);
        continue;
      }
      try {
        const fileId = await uploadTorrentFile(torrent.file, target.id);
        await createTask({
          url: fileId,
          parentId: target.id,
          ...(torrent.skipped.size > 0 ? { files } : {}),
          source: 'add_button',
        });
        added += 1;
      } catch (error) {
        failed.push({ link: torrent.file.name, message: describe(error) });
        failedTorrents.push(torrent);
      }
    }
    setBusy(false);
    if (added > 0) {
      void queryClient.invalidateQueries({ queryKey: tasksQueryKey });
    }
    // Today's count moved (or the server said the limit is reached): `about` tells it again.
    void queryClient.invalidateQueries({ queryKey: aboutQueryKey });
    if (failed.length === 0) {
      toast({
        title: t('add.added', { count: added }),
        action: {
          label: t('add.view-tasks'),
          altText: t('add.view-tasks-alt'),
          onAction: onOpenTasks,
        },
      });
      onClose();
      return;
    }
    const failedLinks = new Set(failed.map((problem) => problem.link));
    setText(links.filter((link) => failedLinks.has(link)).join('\n'));
    setTorrents(failedTorrents);
    setProblems(failed);
    setNotice(added > 0 ? t('add.added-some', { added }) : '');
  }

  /** A `.torrent` link not read yet: adding it now would save the file rather than its torrent. */
  const reading = torrentLinks.some(
    (link) => isTorrentLink(link) && (lookups[link] ?? { state: 'loading' }).state === 'loading',
  );
  const destinationName = target.id === '' ? t('add.downloads') : target.name;
  const tooMany = links.length > maxLinks;

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        closeLabel={td('dialog.close')}
        data-testid="add-link-dialog"
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto md:max-w-xl"
      >
        <DialogTitle>{t('add.title')}</DialogTitle>
        <DialogDescription>{t('add.description')}</DialogDescription>
        <TaskLimitNotice refused={limitRefused} />
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div
            className={cn(
              'relative flex flex-col gap-2 rounded-xl',
              dropping ? 'outline-2 outline-dashed outline-primary' : '',
            )}
            onDragOver={(event) => {
              if (Array.from(event.dataTransfer.types).includes('Files')) {
                event.preventDefault();
                setDropping(true);
              }
            }}
            onDragLeave={() => setDropping(false)}
            onDrop={onDrop}
          >
            <label htmlFor={textId} className="text-sm font-medium">
              {t('add.links-label')}
            </label>
            <textarea
              id={textId}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                  event.preventDefault();
                  void submit();
                }
              }}
              rows={5}
              autoFocus
              spellCheck={false}
              autoCapitalize="none"
              autoComplete="off"
              aria-describedby={hintId}
              aria-invalid={problems.length > 0 || invalid.length > 0 || tooMany}
              placeholder={t('add.links-placeholder')}
              data-testid="add-link-text"
              className="min-h-32 w-full resize-y rounded-lg border border-border bg-background px-3 py-2 font-mono text-sm focus-visible:outline-2 focus-visible:outline-ring"
            />
            <p id={hintId} className="text-xs text-muted-foreground">
              {tooMany
                ? t('add.too-many', { max: maxLinks })
                : t('add.links-hint', { max: maxLinks })}
            </p>
            {dropping ? (
              <div className="pointer-events-none absolute inset-0 flex items-center justify-center rounded-xl bg-primary/10 text-sm font-medium">
                {t('add.torrent-drop')}
              </div>
            ) : null}
            <div>
              <input
                ref={fileInput}
                type="file"
                accept=".torrent,application/x-bittorrent"
                multiple
                hidden
                data-testid="add-link-torrent-input"
                onChange={(event) => {
                  void addTorrents(Array.from(event.target.files ?? []));
                  event.target.value = '';
                }}
              />
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => fileInput.current?.click()}
              >
                <FileUp aria-hidden />
                {t('add.torrent')}
              </Button>
            </div>
          </div>

          {torrentLinks.map((link) => {
            const lookup = lookups[link];
            if (!lookup) {
              return null;
            }
            const name = lookup.state === 'loading' ? '' : lookup.name;
            const fileLink = isTorrentLink(link);
            const keptAsFile = keptAsFiles.has(link);
            return (
              <TorrentFilePicker
                key={link}
                name={name || (fileLink ? fileNameOf(link) : t('add.magnet'))}
                files={lookup.state === 'ready' && !keptAsFile ? lookup.files : []}
                skipped={lookup.state === 'ready' ? lookup.skipped : noneSkipped}
                onSkippedChange={(skipped) =>
                  setLookups((state) => {
                    const current = state[link];
                    return current?.state === 'ready'
                      ? { ...state, [link]: { ...current, skipped } }
                      : state;
                  })
                }
                testId={fileLink ? 'torrent-link-files' : 'magnet-files'}
              >
                {lookup.state === 'loading' ? (
                  <p
                    role="status"
                    className="flex min-h-11 items-center gap-2 text-sm text-muted-foreground md:min-h-8"
                  >
                    <LoaderCircle aria-hidden className="size-4 animate-spin" />
                    {fileLink ? t('add.torrent-link-loading') : t('add.magnet-loading')}
                  </p>
                ) : null}
                {lookup.state === 'failed' ? (
                  <p
                    className="flex gap-2 text-sm text-muted-foreground"
                    data-testid={fileLink ? 'torrent-link-files-message' : 'magnet-files-message'}
                  >
                    <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                    {lookup.message}
                  </p>
                ) : null}
                {lookup.state === 'ready' && fileLink ? (
                  <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm md:min-h-8">
                    <input
                      type="checkbox"
                      className={boxClass}
                      checked={keptAsFile}
                      data-testid="torrent-link-keep-file"
                      onChange={(event) =>
                        setKeptAsFiles((state) => {
                          const next = new Set(state);
                          if (event.target.checked) {
                            next.add(link);
                          } else {
                            next.delete(link);
                          }
                          return next;
                        })
                      }
                    />
                    {t('add.torrent-link-keep-file')}
                  </label>
                ) : null}
              </TorrentFilePicker>
            );
          })}

          {torrents.map((torrent) => (
            <TorrentFilePicker
              key={torrent.key}
              name={torrent.summary.name || torrent.file.name}
              files={torrent.summary.files}
              skipped={torrent.skipped}
              onSkippedChange={(skipped) =>
                setTorrents((state) =>
                  state.map((item) => (item.key === torrent.key ? { ...item, skipped } : item)),
                )
              }
              remove={{
                label: t('add.torrent-remove', { name: torrent.file.name }),
                onRemove: () =>
                  setTorrents((state) => state.filter((item) => item.key !== torrent.key)),
              }}
              testId="torrent-files"
            />
          ))}

          <div className="flex flex-col gap-2">
            <span className="text-sm font-medium" id={`${textId}-destination`}>
              {t('add.destination')}
            </span>
            <div className="flex items-center gap-2 rounded-lg border border-border px-3 py-2">
              {target.id === '' ? (
                <Download aria-hidden className="size-4 text-muted-foreground" />
              ) : (
                <Folder aria-hidden className="size-4 text-muted-foreground" />
              )}
              <span className="min-w-0 flex-1 truncate text-sm" data-testid="add-link-destination">
                {destinationName}
              </span>
              {target.id !== '' ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => setTarget({ id: '', name: '' })}
                >
                  <HardDrive aria-hidden />
                  {t('add.downloads')}
                </Button>
              ) : null}
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-expanded={picking}
                aria-describedby={`${textId}-destination`}
                onClick={() => setPicking(!picking)}
              >
                {t('add.change')}
              </Button>
            </div>
            {folder && folder.id !== '' && folder.id !== target.id ? (
              <button
                type="button"
                className="self-start rounded text-sm text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                onClick={() => setTarget(folder)}
              >
                <Folder aria-hidden className="mr-1 inline size-4" />
                {folder.name}
              </button>
            ) : null}
            {picking ? (
              <>
                <p className="text-xs text-muted-foreground">{t('add.root-hint')}</p>
                <FolderTree
                  labels={{
                    tree: t('add.destination-tree'),
                    root: td('nav.all'),
                    expand: (name) => td('move.expand', { name }),
                    collapse: (name) => td('move.collapse', { name }),
                    loading: td('move.loading'),
                    failed: td('error.generic'),
                  }}
                  testId="folder-tree-node"
                  excluded={rootOnly}
                  chosen={target.id}
                  onChoose={(id, name) => {
                    setTarget({ id, name });
                    setPicking(false);
                  }}
                  className="max-h-60"
                />
              </>
            ) : null}
          </div>

          {notice ? (
            <p role="status" className="text-sm">
              {notice}
            </p>
          ) : null}
          {problems.length > 0 ? (
            <ul role="alert" className="flex flex-col gap-1" data-testid="add-link-problems">
              {problems.map((problem) => (
                <li key={problem.link} className="flex gap-2 text-sm text-danger">
                  <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                  <span className="min-w-0">
                    <span className="block truncate font-mono text-xs">{problem.link}</span>
                    {problem.message}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}

          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t('add.cancel')}
            </Button>
            <Button
              type="submit"
              disabled={busy || reading || (links.length === 0 && torrents.length === 0) || tooMany}
              data-testid="add-link-submit"
            >
              {busy ? t('add.submitting') : t('add.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Nothing left out (a magnet link whose files are not known yet). */
const noneSkipped: ReadonlySet<string> = new Set();

/** The drive's root is not a destination of offline tasks (`""` means My Downloads). */
const rootOnly: ReadonlySet<string> = new Set(['']);
