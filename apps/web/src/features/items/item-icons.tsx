import type { DriveFile } from '@nimbus/contracts';

/** The icons of `item-icon-symbols.tsx`. */
export type ItemIconName =
  | 'folder'
  | 'video'
  | 'audio'
  | 'image'
  | 'archive'
  | 'text'
  | 'file'
  | 'star'
  | 'share'
  | 'more'
  | 'check';

/** The id prefix of the symbols of `item-icon-symbols.tsx`. */
export const symbolPrefix = 'drive-item-icon-';

/** One of the item icons; decorative unless labelled. */
export function ItemIcon({
  name,
  className,
  label,
}: {
  name: ItemIconName;
  className: string;
  label?: string;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      className={className}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <use href={`#${symbolPrefix}${name}`} />
    </svg>
  );
}

const kindIcons: Readonly<Record<string, { name: ItemIconName; className: string }>> = {
  VIDEO: { name: 'video', className: 'text-violet-500' },
  AUDIO: { name: 'audio', className: 'text-pink-500' },
  IMAGE: { name: 'image', className: 'text-emerald-500' },
  ARCHIVE: { name: 'archive', className: 'text-amber-500' },
  TEXT: { name: 'text', className: 'text-sky-500' },
  DOCUMENT: { name: 'text', className: 'text-sky-500' },
};
const folderIcon = { name: 'folder', className: 'fill-primary/15 text-primary' } as const;
const otherIcon = { name: 'file', className: 'text-muted-foreground' } as const;

/** The icon of an item by its kind and `file_category`, and its colour classes. */
export function itemIconOf(file: Pick<DriveFile, 'kind' | 'file_category'>): {
  name: ItemIconName;
  className: string;
} {
  if (file.kind === 'drive#folder') {
    return folderIcon;
  }
  return kindIcons[file.file_category] ?? otherIcon;
}
