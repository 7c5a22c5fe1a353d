'use client';

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, Folder, HardDrive } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { DriveFile } from '@nimbus/contracts';
import { folderChildrenQueryKey, listFolders } from './folder-api';

/** The texts of a folder tree, in the namespace of the page that shows it. */
export interface FolderTreeLabels {
  /** The whole tree's accessible name. */
  tree: string;
  /** The root's name (the member's top folder). */
  root: string;
  expand: (name: string) => string;
  collapse: (name: string) => string;
  loading: string;
  failed: string;
}

/** What every node of one tree shares. */
interface TreeContext {
  labels: FolderTreeLabels;
  /** `data-testid` of each folder's choose button. */
  testId: string;
  /** Folders that cannot be chosen (nor, since they cannot be opened, anything inside them). */
  excluded: ReadonlySet<string>;
  chosen: string;
  onChoose: (id: string, name: string) => void;
}

/** Children of a folder load in pages of this many, up to `maxFolders`. */
const pageSize = 500;
const maxFolders = 5000;

/** The live folders inside one folder, by name; fetched when the node is first opened. */
function useChildFolders(parentId: string, enabled: boolean) {
  return useQuery({
    queryKey: folderChildrenQueryKey(parentId),
    enabled,
    queryFn: async ({ signal }) => {
      const folders: DriveFile[] = [];
      let pageToken: string | undefined;
      do {
        const page = await listFolders(parentId, pageSize, pageToken, signal);
        folders.push(...page.files);
        pageToken = page.next_page_token || undefined;
      } while (pageToken && folders.length < maxFolders);
      return folders;
    },
  });
}

/** One folder of the tree; its children load when it opens (click, double click, →). */
function FolderNode({
  id,
  name,
  depth,
  initiallyOpen,
  context,
}: {
  id: string;
  name: string;
  depth: number;
  initiallyOpen?: boolean;
  context: TreeContext;
}) {
  const { labels, chosen } = context;
  const [open, setOpen] = useState(initiallyOpen ?? false);
  const children = useChildFolders(id, open);
  const disabled = context.excluded.has(id);
  const Icon = id === '' ? HardDrive : Folder;
  const Chevron = open ? ChevronDown : ChevronRight;
  return (
    <li role="treeitem" aria-expanded={open} aria-selected={chosen === id} aria-disabled={disabled}>
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
          aria-label={open ? labels.collapse(name) : labels.expand(name)}
          onClick={() => setOpen(!open)}
        >
          <Chevron aria-hidden className="size-4" />
        </button>
        <button
          type="button"
          disabled={disabled}
          data-testid={context.testId}
          data-name={name}
          className="flex min-h-11 flex-1 items-center gap-2 truncate rounded-md py-1 text-left text-sm focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50 md:min-h-9"
          onClick={() => context.onChoose(id, name)}
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
          {children.data === undefined ? (
            <li
              className="py-2 text-sm text-muted-foreground"
              style={{ paddingLeft: `${(depth + 1) * 1.25 + 2.75}rem` }}
            >
              {children.isError ? labels.failed : labels.loading}
            </li>
          ) : null}
          {children.data?.map((folder) => (
            <FolderNode
              key={folder.id}
              id={folder.id}
              name={folder.name}
              depth={depth + 1}
              context={context}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export interface FolderTreeProps {
  labels: FolderTreeLabels;
  /** The id of the chosen folder (`""` is the root). */
  chosen: string;
  onChoose: (id: string, name: string) => void;
  /** `data-testid` of each folder's choose button. */
  testId: string;
  excluded?: ReadonlySet<string>;
  className?: string;
}

const noneExcluded: ReadonlySet<string> = new Set();

/**
 * The member's folders as a tree that loads one level at a time (`GET /drive/v1/files` with
 * the filter `kind` `drive#folder`), opened at the root; used wherever a destination folder is
 * chosen (move/copy, offline downloads, saves from a share). Needs a TanStack Query client.
 */
export function FolderTree({
  labels,
  chosen,
  onChoose,
  testId,
  excluded = noneExcluded,
  className,
}: FolderTreeProps) {
  return (
    <ul
      role="tree"
      aria-label={labels.tree}
      className={cn('overflow-y-auto rounded-lg border border-border p-1', className)}
    >
      <FolderNode
        id=""
        name={labels.root}
        depth={0}
        initiallyOpen
        context={{ labels, testId, excluded, chosen, onChoose }}
      />
    </ul>
  );
}
