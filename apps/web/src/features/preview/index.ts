/* The drive's full-screen file viewer, as the file browser uses it. */
export type { FilePreviewProps } from './file-preview';
export { FilePreview } from './file-preview';
export type { PreviewFile, PreviewKind } from './preview-file';
export { previewKindOf } from './preview-file';
