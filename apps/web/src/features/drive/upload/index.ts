/*
 * The drive's uploads, as the file browser uses them: the provider holding the queue, the
 * upload buttons, the drop zone and the transfers panel.
 */
export type { UploadProviderProps, UploadContextValue } from './upload-provider';
export { UploadProvider, useUploads } from './upload-provider';
export type { UploadButtonProps } from './upload-button';
export { UploadButton } from './upload-button';
export type { UploadDropZoneProps } from './upload-drop-zone';
export { UploadDropZone } from './upload-drop-zone';
export { UploadQueuePanel } from './upload-queue-panel';
export type { UploadEntry, UploadStatus } from './upload-types';
