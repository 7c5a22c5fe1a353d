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
import type { LucideIcon } from 'lucide-react';
import type { ItemIconName } from './item-icons';
import { symbolPrefix } from './item-icons';

/*
 * The icons of listing items (Lucide's), defined once in the page as SVG symbols and drawn in
 * each row with `<use>`: a row scrolled into view then changes an attribute where it would
 * otherwise replace a whole SVG, and a row holds two elements per icon instead of a component
 * and every path of the icon.
 */

const icons: Readonly<Record<ItemIconName, LucideIcon>> = {
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
};

/**
 * The symbols `ItemIcon` draws; rendered once wherever items are listed (by the server on a share
 * page, so the icons' drawings are not part of its JavaScript).
 */
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
