import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import type { DriveFile } from './drive-api';
import type { FileItemProps } from './file-item';
import { FileItem } from './file-item';
import {
  itemGlyph,
  itemName,
  itemPicture,
  itemSizeText,
  itemTileClass,
} from '@/features/items/item-parts';
import { testDriveFile } from './test-drive-file';

function driveFile(fields: Partial<DriveFile> = {}): DriveFile {
  return testDriveFile({
    id: 'f1',
    parent_id: '',
    name: 'holiday <1>.mp4',
    size: '1572864',
    mime_type: 'video/mp4',
    file_extension: '.mp4',
    file_category: 'VIDEO',
    starred: true,
    ...fields,
  });
}

const markup = (node: ReturnType<typeof itemGlyph>) =>
  renderToStaticMarkup(createElement('div', null, node));

describe('the parts of an item row, shared by the drive and the share page', () => {
  it('writes sizes in the locale and a dash for folders and unknown sizes', () => {
    expect(itemSizeText({ kind: 'drive#file', size: '1572864' }, 'en-US')).toBe('1.5 MB');
    expect(itemSizeText({ kind: 'drive#folder', size: '0' }, 'en-US')).toBe('—');
    expect(itemSizeText({ kind: 'drive#file', size: '' }, 'en-US')).toBe('—');
  });

  it('draws the icon from the listing symbols, by kind and category', () => {
    const video = markup(itemGlyph({ kind: 'drive#file', file_category: 'VIDEO' }));
    expect(video).toContain('href="#drive-item-icon-video"');
    expect(video).toContain('size-6');
    const folder = markup(itemGlyph({ kind: 'drive#folder', file_category: 'OTHER' }, true));
    expect(folder).toContain('href="#drive-item-icon-folder"');
    expect(folder).toContain('size-12');
  });

  it('shows a thumbnail where there is one, else the large icon', () => {
    const shareItem = {
      kind: 'drive#file' as const,
      name: 'a.png',
      size: '10',
      file_category: 'IMAGE',
      thumbnail_link: 'https://content.example/t/1.jpg',
    };
    expect(markup(itemPicture(shareItem))).toContain('src="https://content.example/t/1.jpg"');
    expect(markup(itemPicture({ ...shareItem, thumbnail_link: '' }))).toContain(
      'href="#drive-item-icon-image"',
    );
  });

  it('cuts names with the whole name as the title, and frames tiles by selection', () => {
    const name = markup(itemName('a <b>', 'text-sm'));
    expect(name).toContain('title="a &lt;b&gt;"');
    expect(name).toContain('truncate');
    expect(itemTileClass(true)).toContain('border-primary');
    expect(itemTileClass(false)).toContain('hover:bg-muted');
  });
});

describe('a drive listing row drawn with the shared parts', () => {
  const props: FileItemProps = {
    file: driveFile(),
    view: 'list',
    selected: false,
    focused: false,
    showFocus: false,
    selecting: false,
    modified: '3 minutes ago',
    starredLabel: 'Starred',
    onClick: () => undefined,
    onDoubleClick: () => undefined,
    onCheck: () => undefined,
    onContextMenu: () => undefined,
    onPointerDown: () => undefined,
    onPointerEnd: () => undefined,
    moreLabel: (name) => `More actions for ${name}`,
    onMore: () => undefined,
    moreOpen: false,
  };
  const render = (overrides: Partial<FileItemProps>) =>
    renderToStaticMarkup(
      createElement(NextIntlClientProvider, {
        locale: 'en-US',
        messages: {},
        timeZone: 'UTC',
        children: createElement(FileItem, { ...props, ...overrides }),
      }),
    );

  it('is a plain grid cell: icon symbol, name, size, modified, star', () => {
    const row = render({});
    expect(row).toContain('role="gridcell"');
    expect(row).toContain('data-name="holiday &lt;1&gt;.mp4"');
    expect(row).toContain('href="#drive-item-icon-video"');
    expect(row).toContain('title="holiday &lt;1&gt;.mp4"');
    expect(row).toContain('1.5 MB');
    expect(row).toContain('3 minutes ago');
    expect(row).toContain('aria-label="Starred"');
  });

  it('is a tile in the grid, with the thumbnail and the selected frame', () => {
    const tile = render({
      view: 'grid',
      selected: true,
      file: driveFile({ thumbnail_link: 'https://content.example/t/2.jpg' }),
    });
    expect(tile).toContain('aria-selected="true"');
    expect(tile).toContain('border-primary');
    expect(tile).toContain('src="https://content.example/t/2.jpg"');
  });

  it("shows a video tile's play time as a player does", () => {
    const tile = render({
      view: 'grid',
      file: driveFile({ params: { duration: '3' } }),
    });
    expect(tile).toMatch(/data-testid="item-duration"[^>]*>0:03</);
  });
});
