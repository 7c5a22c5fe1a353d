'use client';

import type { DragEvent } from 'react';
import { useId, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@nimbus/client';
import { FileUp } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import { aboutQueryKey } from '@/features/drive/query-keys';
import { cn } from '@/lib/cn';
import { DestinationPicker, LinkProblems, TorrentLinkPickers } from './add-link-parts';
import { addLinks, type ChosenTorrent, type LinkProblem } from './add-links';
import { isTorrentLink, linkKind, maxLinks, splitLinks } from './links';
import { TaskLimitNotice } from './task-limit-notice';
import { tasksQueryKey } from './task-query-keys';
import { readTorrent } from './torrent-file';
import { TorrentFilePicker } from './torrent-file-picker';
import { useTorrentLookups } from './use-torrent-lookups';

export interface AddLinkDialogProps {
  /** The folder shown when the dialog opened; offered as the destination besides My Downloads. */
  folder?: { id: string; name: string } | undefined;
  errorTexts: ErrorTexts;
  /** Links already in the box when it opens (`?action=create_task&url=`). */
  initialText?: string | undefined;
  onOpenTasks: () => void;
  onClose: () => void;
}

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
  const { lookups, torrentLinks, setSkipped } = useTorrentLookups(links, errorTexts);
  /** `.torrent` links the member keeps as files rather than running their torrents. */
  const [keptAsFiles, setKeptAsFiles] = useState<ReadonlySet<string>>(new Set());

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
    const { added, failed, failedTorrents } = await addLinks({
      links,
      torrents,
      lookups,
      keptAsFiles,
      targetId: target.id,
      texts: { invalidLink: t('add.invalid-link'), noFilesChosen: t('add.no-files-chosen') },
      describe: (error) => {
        if (error instanceof ApiError && error.error === 'task_daily_create_limit') {
          setLimitRefused(true);
        }
        return errorText(error, locale, errorTexts) ?? td('error.generic');
      },
    });
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

          <TorrentLinkPickers
            torrentLinks={torrentLinks}
            lookups={lookups}
            onSkippedChange={setSkipped}
            keptAsFiles={keptAsFiles}
            onKeptAsFilesChange={setKeptAsFiles}
          />

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

          <DestinationPicker
            id={textId}
            folder={folder}
            target={target}
            onTargetChange={setTarget}
          />

          {notice ? (
            <p role="status" className="text-sm">
              {notice}
            </p>
          ) : null}
          <LinkProblems problems={problems} />

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
