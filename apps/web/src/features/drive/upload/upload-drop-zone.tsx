'use client';

import type { DragEvent, ReactNode } from 'react';
import { useRef, useState } from 'react';
import { UploadCloud } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { cn } from '@/lib/cn';
import { treeFromDataTransfer } from './folder-tree';
import { useUploads } from './upload-provider';

export interface UploadDropZoneProps {
  /** The folder dropped files and folders go into (`''` is the root). */
  parentId: string;
  /** The name of that folder, shown on the overlay; "My files" when absent. */
  folderName?: string;
  className?: string;
  children: ReactNode;
}

function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

/**
 * An area that takes dropped files and folders (folders keep their tree) and uploads them into a
 * folder; while something is dragged over it a translucent overlay says where it will land.
 */
export function UploadDropZone({ parentId, folderName, className, children }: UploadDropZoneProps) {
  const t = useTranslations('upload');
  const { upload, fail } = useUploads();
  const [over, setOver] = useState(false);
  const depth = useRef(0);

  return (
    <div
      className={cn('relative', className)}
      data-testid="upload-drop-zone"
      onDragEnter={(event) => {
        if (!carriesFiles(event)) {
          return;
        }
        event.preventDefault();
        depth.current += 1;
        setOver(true);
      }}
      onDragOver={(event) => {
        if (!carriesFiles(event)) {
          return;
        }
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (!carriesFiles(event)) {
          return;
        }
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) {
          setOver(false);
        }
      }}
      onDrop={(event) => {
        if (!carriesFiles(event)) {
          return;
        }
        event.preventDefault();
        depth.current = 0;
        setOver(false);
        // The entries must be taken now: the drop's item list empties when the event ends.
        const tree = treeFromDataTransfer(event.dataTransfer);
        tree.then((picked) => upload(parentId, picked), fail);
      }}
    >
      {children}
      {over ? (
        <div
          role="status"
          className="pointer-events-none absolute inset-0 z-[var(--z-overlay)] flex items-center justify-center rounded-xl border-2 border-dashed border-primary bg-primary/10 backdrop-blur-[1px]"
        >
          <p className="flex items-center gap-2 rounded-lg bg-background/90 px-4 py-3 text-sm font-medium shadow-sm">
            <UploadCloud aria-hidden className="size-5 text-primary" />
            {t('drop.overlay', { folder: folderName ?? t('drop.root') })}
          </p>
        </div>
      ) : null}
    </div>
  );
}
