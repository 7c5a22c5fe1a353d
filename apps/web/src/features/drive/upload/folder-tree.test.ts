import { describe, expect, it } from 'vitest';
import { planUpload, treeFromEntries, treeFromFileList } from './folder-tree';

function file(name: string, text = name, relativePath = ''): File {
  const made = new File([text], name);
  if (relativePath) {
    Object.defineProperty(made, 'webkitRelativePath', { value: relativePath });
  }
  return made;
}

/** A dropped file entry, as `webkitGetAsEntry` gives it. */
function fileEntry(name: string): FileSystemEntry {
  return {
    isFile: true,
    isDirectory: false,
    name,
    fullPath: `/${name}`,
    file: (resolve: (value: File) => void) => resolve(file(name)),
  } as unknown as FileSystemEntry;
}

/** A dropped folder whose reader answers in batches of two, as browsers answer in batches. */
function folderEntry(name: string, children: FileSystemEntry[]): FileSystemEntry {
  return {
    isFile: false,
    isDirectory: true,
    name,
    fullPath: `/${name}`,
    createReader() {
      let next = 0;
      return {
        readEntries(resolve: (entries: FileSystemEntry[]) => void) {
          const batch = children.slice(next, next + 2);
          next += batch.length;
          setTimeout(() => resolve(batch), 0);
        },
      };
    },
  } as unknown as FileSystemEntry;
}

describe('folder tree of a drop', () => {
  it('walks folders of any depth, reading every batch, and keeps empty folders', async () => {
    const tree = await treeFromEntries([
      folderEntry('photos', [
        fileEntry('a.jpg'),
        fileEntry('b.jpg'),
        fileEntry('c.jpg'),
        folderEntry('2024', [fileEntry('d.jpg'), folderEntry('empty', [])]),
      ]),
      fileEntry('notes.txt'),
    ]);
    expect(tree.files.map((picked) => picked.relativePath)).toEqual([
      'photos/a.jpg',
      'photos/b.jpg',
      'photos/c.jpg',
      'photos/2024/d.jpg',
      'notes.txt',
    ]);
    expect(tree.folders).toEqual(['photos', 'photos/2024', 'photos/2024/empty']);
    expect(await tree.files[3]?.file.text()).toBe('d.jpg');
  });

  it('plans folders parents first, once each, and each file into its folder', async () => {
    const tree = await treeFromEntries([
      folderEntry('photos', [folderEntry('2024', [fileEntry('d.jpg')]), fileEntry('a.jpg')]),
      fileEntry('notes.txt'),
    ]);
    const plan = planUpload(tree);
    expect(plan.folders).toEqual(['photos', 'photos/2024']);
    expect(plan.files.map(({ name, folder }) => ({ name, folder }))).toEqual([
      { name: 'd.jpg', folder: 'photos/2024' },
      { name: 'a.jpg', folder: 'photos' },
      { name: 'notes.txt', folder: '' },
    ]);
  });

  it('reads the folder paths of a folder picker and ignores dot segments', () => {
    const tree = treeFromFileList([
      file('x.txt', 'x', 'album/deep/x.txt'),
      file('y.txt', 'y', 'album/./../y.txt'),
      file('z.txt'),
    ]);
    const plan = planUpload(tree);
    expect(plan.folders).toEqual(['album', 'album/deep']);
    expect(plan.files.map(({ name, folder }) => `${folder}|${name}`)).toEqual([
      'album/deep|x.txt',
      'album|y.txt',
      '|z.txt',
    ]);
  });
});
