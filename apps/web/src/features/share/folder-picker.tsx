'use client';

import { useEffect, useState } from 'react';
import { ChevronDown, ChevronRight, Folder, FolderHeart, HardDrive } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { DriveFile } from '@/features/drive/drive-api';
import { listFiles } from '@/features/drive/drive-api';
import { cn } from '@/lib/cn';

/** The destination "Saved from shares": the save sends no `parent_id`. */
export const savedFromSharesChoice = 'saved-from-shares';

/** The folders inside one of the member's folders, by name, fetched when it first opens. */
function useChildFolders(parentId: string, enabled: boolean) {
  const [state, setState] = useState<{ folders?: DriveFile[]; failed: boolean }>({
    failed: false,
  });
  useEffect(() => {
    if (!enabled) {
      return;
    }
    const controller = new AbortController();
    void (async () => {
      try {
        const folders: DriveFile[] = [];
        let pageToken: string | undefined;
        do {
          const page = await listFiles(
            {
              parentId,
              order: 'NAME_ASC',
              foldersFirst: true,
              filters: { kind: { eq: 'drive#folder' }, trashed: { eq: false } },
              limit: 500,
              ...(pageToken ? { pageToken } : {}),
            },
            controller.signal,
          );
          folders.push(...page.files);
          pageToken = page.next_page_token || undefined;
        } while (pageToken && folders.length < 5000);
        setState({ folders, failed: false });
      } catch {
        if (!controller.signal.aborted) {
          setState({ failed: true });
        }
      }
    })();
    return () => controller.abort();
  }, [parentId, enabled]);
  return state;
}

interface NodeProps {
  id: string;
  name: string;
  depth: number;
  chosen: string;
  onChoose: (id: string) => void;
  initiallyOpen?: boolean;
}

/** One folder of the member's tree; its children load when it opens. */
function FolderNode({ id, name, depth, chosen, onChoose, initiallyOpen }: NodeProps) {
  const t = useTranslations('share');
  const [open, setOpen] = useState(initiallyOpen ?? false);
  const children = useChildFolders(id, open);
  const Icon = id === '' ? HardDrive : Folder;
  const Chevron = open ? ChevronDown : ChevronRight;
  return (
    <li role="treeitem" aria-expanded={open} aria-selected={chosen === id}>
      <div
        className={cn(
          'flex min-h-11 items-center gap-1 rounded-lg pr-2 md:min-h-9',
          chosen === id ? 'bg-primary/10 text-foreground' : 'hover:bg-muted',
        )}
        style={{ paddingLeft: `${depth * 1.25}rem` }}
      >
        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring md:size-9"
          aria-label={open ? t('save.collapse', { name }) : t('save.expand', { name })}
          onClick={() => setOpen(!open)}
        >
          <Chevron aria-hidden className="size-4" />
        </button>
        <button
          type="button"
          data-testid="save-folder-node"
          data-name={name}
          className="flex min-h-11 flex-1 items-center gap-2 truncate rounded-md py-1 text-left text-sm focus-visible:outline-2 focus-visible:outline-ring md:min-h-9"
          onClick={() => onChoose(id)}
          onDoubleClick={() => setOpen(true)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowRight' && !open) {
              event.preventDefault();
              setOpen(true);
            } else if (event.key === 'ArrowLeft' && open) {
              event.preventDefault();
              setOpen(false);
            }
          }}
        >
          <Icon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <span className="truncate">{name}</span>
        </button>
      </div>
      {open ? (
        <ul role="group">
          {children.folders === undefined ? (
            <li
              className="py-2 text-sm text-muted-foreground"
              style={{ paddingLeft: `${(depth + 1) * 1.25 + 2.75}rem` }}
            >
              {children.failed ? t('save.load-error') : t('save.loading')}
            </li>
          ) : null}
          {children.folders?.map((folder) => (
            <FolderNode
              key={folder.id}
              id={folder.id}
              name={folder.name}
              depth={depth + 1}
              chosen={chosen}
              onChoose={onChoose}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * Where a save lands: "Saved from shares" (the default, no `parent_id`) or any of the member's
 * folders, in a tree that loads one level at a time (`GET /drive/v1/files` with the filter
 * `kind` `drive#folder`).
 */
export function FolderPicker({
  chosen,
  onChoose,
}: {
  chosen: string;
  onChoose: (id: string) => void;
}) {
  const t = useTranslations('share');
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        aria-pressed={chosen === savedFromSharesChoice}
        data-testid="save-default-folder"
        onClick={() => onChoose(savedFromSharesChoice)}
        className={cn(
          'flex min-h-11 items-center gap-3 rounded-lg border border-border px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-ring',
          chosen === savedFromSharesChoice ? 'border-primary bg-primary/10' : 'hover:bg-muted',
        )}
      >
        <FolderHeart aria-hidden className="size-5 shrink-0 text-primary" />
        <span className="flex flex-col">
          <span className="font-medium">{t('save.default-folder')}</span>
          <span className="text-xs text-muted-foreground">{t('save.default-hint')}</span>
        </span>
      </button>
      <ul
        role="tree"
        aria-label={t('save.tree')}
        className="max-h-64 overflow-y-auto rounded-lg border border-border p-1"
      >
        <FolderNode
          id=""
          name={t('save.my-files')}
          depth={0}
          chosen={chosen}
          onChoose={onChoose}
          initiallyOpen
        />
      </ul>
    </div>
  );
}
