'use client';

import type { DragEvent } from 'react';
import { useId, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatBytes } from '@nimbus/contracts';
import { CircleAlert, Download, FileUp, Folder, HardDrive } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import type { ErrorTexts } from '@/features/auth/error-text';
import { errorText } from '@/features/auth/error-text';
import { FolderNode } from '@/features/drive/move-copy-dialog';
import { cn } from '@/lib/cn';
import { linkKind, maxLinks, splitLinks } from './links';
import type { Resource } from './offline-api';
import { checkLinks, createTask } from './offline-api';
import { tasksQueryKey } from './task-query-keys';
import { magnetOf, readTorrent } from './torrent-file';

export interface AddLinkDialogProps {
  /** The folder shown when the dialog opened; offered as the destination besides My Downloads. */
  folder?: { id: string; name: string } | undefined;
  errorTexts: ErrorTexts;
  onOpenTasks: () => void;
  onClose: () => void;
}

/** The outcome of one link of the last submit that did not become a task. */
type LinkProblem = { link: string; message: string };

/**
 * The "Add link" dialog: links pasted one a line (http, https, magnet) or a `.torrent` file
 * chosen or dropped (read in the browser into its magnet link), the destination folder
 * (My Downloads unless another is chosen), then one offline task per link. Links that failed
 * stay in the box with their reason; the rest leave it. A torrent whose file list the server
 * gives can be narrowed to chosen files.
 */
export function AddLinkDialog({ folder, errorTexts, onOpenTasks, onClose }: AddLinkDialogProps) {
  const t = useTranslations('offline');
  const td = useTranslations('drive');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [target, setTarget] = useState<{ id: string; name: string }>({ id: '', name: '' });
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<LinkProblem[]>([]);
  const [notice, setNotice] = useState('');
  const [dropping, setDropping] = useState(false);
  /** Files left out, per torrent link (ids of `Resource.files`). */
  const [leftOut, setLeftOut] = useState<Record<string, string[]>>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const textId = useId();
  const hintId = useId();

  const links = useMemo(() => splitLinks(text), [text]);
  const magnets = useMemo(() => links.filter((link) => linkKind(link) === 'magnet'), [links]);
  const invalid = links.filter((link) => linkKind(link) === 'invalid');

  // The server lists a torrent's files once torrents are supported; until then nothing to pick.
  const torrents = useQuery({
    queryKey: ['offline', 'resources', magnets],
    enabled: magnets.length > 0 && magnets.length <= 10,
    staleTime: Infinity,
    retry: false,
    queryFn: ({ signal }) => checkLinks(magnets, signal),
  });
  const withFiles: Resource[] = (torrents.data ?? []).filter(
    (resource) => resource.files.length > 0 && magnets.includes(resource.url),
  );

  async function addTorrents(files: readonly File[]) {
    const added: string[] = [];
    const wrong: LinkProblem[] = [];
    for (const file of files) {
      try {
        const summary = await readTorrent(new Uint8Array(await file.arrayBuffer()));
        added.push(magnetOf(summary));
      } catch {
        wrong.push({ link: file.name, message: t('add.torrent-invalid', { name: file.name }) });
      }
    }
    if (added.length > 0) {
      setText((current) => [...splitLinks(current), ...added].join('\n'));
    }
    setProblems(wrong);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDropping(false);
    void addTorrents(Array.from(event.dataTransfer.files));
  }

  async function submit() {
    if (links.length === 0 || links.length > maxLinks) {
      return;
    }
    setBusy(true);
    setNotice('');
    const failed: LinkProblem[] = invalid.map((link) => ({ link, message: t('add.invalid-link') }));
    let added = 0;
    for (const link of links) {
      if (linkKind(link) === 'invalid') {
        continue;
      }
      const resource = withFiles.find((item) => item.url === link);
      const skipped = new Set(leftOut[link] ?? []);
      const files = resource
        ? resource.files.map((file) => file.id).filter((id) => !skipped.has(id))
        : undefined;
      if (files && files.length === 0) {
        failed.push({ link, message: t('add.no-files-chosen') });
        continue;
      }
      try {
        await createTask({
          url: link,
          parentId: target.id,
          ...(files && skipped.size > 0 ? { files } : {}),
          source: 'add_button',
        });
        added += 1;
      } catch (error) {
        failed.push({ link, message: errorText(error, locale, errorTexts) ?? td('error.generic') });
      }
    }
    setBusy(false);
    if (added > 0) {
      void queryClient.invalidateQueries({ queryKey: tasksQueryKey });
    }
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
    setProblems(failed);
    setNotice(added > 0 ? t('add.added-some', { added }) : '');
  }

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
              required
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

          {magnets.length > 0 && torrents.isFetching ? (
            <p className="text-sm text-muted-foreground" role="status">
              {t('add.checking')}
            </p>
          ) : null}
          {withFiles.map((resource) => {
            const skipped = new Set(leftOut[resource.url] ?? []);
            const chosen = resource.files.length - skipped.size;
            return (
              <fieldset
                key={resource.url}
                className="flex flex-col gap-1 rounded-lg border border-border p-3"
                data-testid="torrent-files"
              >
                <legend className="px-1 text-sm font-medium">
                  {t('add.files-title', { name: resource.name || resource.url })}
                </legend>
                <label className="flex min-h-11 items-center gap-2 text-sm md:min-h-8">
                  <input
                    type="checkbox"
                    checked={skipped.size === 0}
                    onChange={(event) =>
                      setLeftOut((state) => ({
                        ...state,
                        [resource.url]: event.target.checked
                          ? []
                          : resource.files.map((file) => file.id),
                      }))
                    }
                  />
                  {t('add.files-all')}
                  <span className="ml-auto text-xs text-muted-foreground">
                    {t('add.files-count', { chosen, count: resource.files.length })}
                  </span>
                </label>
                <ul className="max-h-48 overflow-y-auto">
                  {resource.files.map((file) => (
                    <li key={file.id}>
                      <label className="flex min-h-11 items-center gap-2 pl-4 text-sm md:min-h-8">
                        <input
                          type="checkbox"
                          checked={!skipped.has(file.id)}
                          onChange={(event) =>
                            setLeftOut((state) => {
                              const next = new Set(state[resource.url] ?? []);
                              if (event.target.checked) {
                                next.delete(file.id);
                              } else {
                                next.add(file.id);
                              }
                              return { ...state, [resource.url]: [...next] };
                            })
                          }
                        />
                        <span className="min-w-0 flex-1 truncate">{file.name}</span>
                        <span className="shrink-0 text-xs text-muted-foreground">
                          {formatBytes(file.file_size, { locale })}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            );
          })}

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
                <ul
                  role="tree"
                  aria-label={t('add.destination-tree')}
                  className="max-h-60 overflow-y-auto rounded-lg border border-border p-1"
                >
                  <FolderNode
                    id=""
                    name={td('nav.all')}
                    depth={0}
                    excluded={rootOnly}
                    chosen={target.id}
                    onChoose={(id, name) => {
                      setTarget({ id, name });
                      setPicking(false);
                    }}
                    initiallyOpen
                  />
                </ul>
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
              disabled={busy || links.length === 0 || tooMany}
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

/** The drive's root is not a destination of offline tasks (`""` means My Downloads). */
const rootOnly: ReadonlySet<string> = new Set(['']);
