'use client';

import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FolderHeart } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { FolderTree } from '@/features/folders/folder-tree';
import { cn } from '@/lib/cn';
import { savedFromSharesChoice } from './share-types';

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
  // The share page has no query client of its own; the tree keeps its folders in this one.
  const [queryClient] = useState(() => new QueryClient());
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
      <QueryClientProvider client={queryClient}>
        <FolderTree
          labels={{
            tree: t('save.tree'),
            root: t('save.my-files'),
            expand: (name) => t('save.expand', { name }),
            collapse: (name) => t('save.collapse', { name }),
            loading: t('save.loading'),
            failed: t('save.load-error'),
          }}
          testId="save-folder-node"
          chosen={chosen}
          onChoose={onChoose}
          className="max-h-64"
        />
      </QueryClientProvider>
    </div>
  );
}
