'use client';

import type { ReactNode } from 'react';
import type { DriveFile } from './drive-api';

/*
 * Where the upload queue and the previews plug into the drive. They are built in
 * `@/features/drive/upload` (`UploadProvider`, `UploadButton`, `UploadDropZone`,
 * `UploadQueuePanel`) and `@/features/drive/preview` (`FilePreview`); until they exist these
 * slots render nothing, and opening a file downloads it.
 */

/** Wraps the drive with the upload state (a plain pass-through until uploads exist). */
export function UploadProviderSlot({ children }: { children: ReactNode }) {
  return children;
}

/** The toolbar's upload button for the folder shown. */
export function UploadButtonSlot(_props: { parentId: string }) {
  return null;
}

/** The drop zone over the listing for the folder shown. */
export function UploadDropZoneSlot({ children }: { parentId: string; children: ReactNode }) {
  return children;
}

/** The transfers panel (bottom right). */
export function UploadQueuePanelSlot() {
  return null;
}

/** Whether previews exist; without them opening a file downloads it. */
export const hasPreview = false;

/** The full-screen viewer over the listing. */
export function FilePreviewSlot(_props: {
  files: readonly DriveFile[];
  index: number;
  onClose: () => void;
  onIndexChange: (index: number) => void;
}) {
  return null;
}
