'use client';

import { useState } from 'react';
import { CircleAlert, Download, Folder, HardDrive, LoaderCircle } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { FolderTree } from '@/features/folders/folder-tree';
import type { LinkProblem } from './add-links';
import { isTorrentLink } from './links';
import { TorrentFilePicker, boxClass } from './torrent-file-picker';
import type { TorrentLookup } from './torrent-lookup';
import { fileNameOf } from './torrent-lookup';

/* The parts of the Add dialog (add-link-dialog.tsx): torrent links' files, destination, problems. */

/** Nothing left out (a magnet link whose files are not known yet). */
const noneSkipped: ReadonlySet<string> = new Set();

/** The drive's root is not a destination of offline tasks (`""` means My Downloads). */
const rootOnly: ReadonlySet<string> = new Set(['']);

/**
 * The files of each pasted torrent link, as the link checker lists them (a spinner meanwhile,
 * the reason when it could not), and for a `.torrent` link the choice to keep it as a file.
 */
export function TorrentLinkPickers({
  torrentLinks,
  lookups,
  onSkippedChange,
  keptAsFiles,
  onKeptAsFilesChange,
}: {
  torrentLinks: readonly string[];
  lookups: Readonly<Record<string, TorrentLookup>>;
  onSkippedChange: (link: string, skipped: ReadonlySet<string>) => void;
  keptAsFiles: ReadonlySet<string>;
  onKeptAsFilesChange: (change: (state: ReadonlySet<string>) => ReadonlySet<string>) => void;
}) {
  const t = useTranslations('offline');
  return torrentLinks.map((link) => {
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
        onSkippedChange={(skipped) => onSkippedChange(link, skipped)}
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
                onKeptAsFilesChange((state) => {
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
  });
}

/**
 * Where the tasks save their files: My Downloads unless another folder is chosen in the tree,
 * with the folder the dialog was opened in offered as a shortcut.
 */
export function DestinationPicker({
  id,
  folder,
  target,
  onTargetChange,
}: {
  /** Prefix of the ids of the picker's elements. */
  id: string;
  folder: { id: string; name: string } | undefined;
  target: { id: string; name: string };
  onTargetChange: (target: { id: string; name: string }) => void;
}) {
  const t = useTranslations('offline');
  const td = useTranslations('drive');
  const [picking, setPicking] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium" id={`${id}-destination`}>
        {t('add.destination')}
      </span>
      <div className="flex items-center gap-2 rounded-lg border border-border px-3 py-2">
        {target.id === '' ? (
          <Download aria-hidden className="size-4 text-muted-foreground" />
        ) : (
          <Folder aria-hidden className="size-4 text-muted-foreground" />
        )}
        <span className="min-w-0 flex-1 truncate text-sm" data-testid="add-link-destination">
          {target.id === '' ? t('add.downloads') : target.name}
        </span>
        {target.id !== '' ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => onTargetChange({ id: '', name: '' })}
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
          aria-describedby={`${id}-destination`}
          onClick={() => setPicking(!picking)}
        >
          {t('add.change')}
        </Button>
      </div>
      {folder && folder.id !== '' && folder.id !== target.id ? (
        <button
          type="button"
          className="self-start rounded text-sm text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          onClick={() => onTargetChange(folder)}
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
            onChoose={(chosenId, name) => {
              onTargetChange({ id: chosenId, name });
              setPicking(false);
            }}
            className="max-h-60"
          />
        </>
      ) : null}
    </div>
  );
}

/** The links of the last submit that did not become tasks, each with its reason. */
export function LinkProblems({ problems }: { problems: readonly LinkProblem[] }) {
  if (problems.length === 0) {
    return null;
  }
  return (
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
  );
}
