import { memo } from 'react';
import {
  Check,
  EllipsisVertical,
  File,
  FileArchive,
  FileAudio,
  FileImage,
  FileText,
  FileVideo,
  Folder,
  Share2,
  Star,
} from 'lucide-react';
import type { DriveFile } from '@nimbus/contracts';

/*
 * The icons of listing items (Lucide's), defined once in the page as SVG symbols and drawn in
 * each row with `<use>`: a row scrolled into view then changes an attribute where it would
 * otherwise replace a whole SVG, and a row holds two elements per icon instead of a component
 * and every path of the icon.
 */

const icons = {
  folder: Folder,
  video: FileVideo,
  audio: FileAudio,
  image: FileImage,
  archive: FileArchive,
  text: FileText,
  file: File,
  star: Star,
  share: Share2,
  more: EllipsisVertical,
  check: Check,
} as const;

export type ItemIconName = keyof typeof icons;

const symbolPrefix = 'drive-item-icon-';

/** The symbols `ItemIcon` draws; rendered once wherever items are listed. */
export const ItemIconSymbols = memo(function ItemIconSymbols() {
  return (
    <svg aria-hidden width={0} height={0} style={{ position: 'absolute' }}>
      {Object.entries(icons).map(([name, Icon]) => (
        <symbol key={name} id={`${symbolPrefix}${name}`} viewBox="0 0 24 24">
          {/* The fill comes from the icon drawn (the star and the folder are filled). */}
          <Icon fill="inherit" />
        </symbol>
      ))}
    </svg>
  );
});

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
