/*
 * What a picked or dropped selection means for the drive: the folders to create (parents first,
 * empty ones kept) and each file with the folder it goes into, so a folder upload keeps its tree.
 */

/** A file and where it sits in the selection (`photos/2024/a.jpg`, or `a.jpg` at the top). */
export interface PickedFile {
  file: File;
  relativePath: string;
}

/** A selection: its files and the folders it has, including empty ones (`photos/2024`). */
export interface PickedTree {
  files: PickedFile[];
  folders: string[];
}

/** One file of a plan: its name and the folder path it goes into (`''` for the target). */
export interface PlannedFile {
  file: File;
  name: string;
  folder: string;
}

export interface UploadPlan {
  /** Folder paths to create below the target, each after its parent. */
  folders: string[];
  files: PlannedFile[];
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/**
 * The plan of a selection: every folder named by a file's path or listed as a folder, once,
 * parents before children, and each file with its folder.
 */
export function planUpload(tree: PickedTree): UploadPlan {
  const folders = new Set<string>();
  const addFolder = (segments: string[]) => {
    for (let depth = 1; depth <= segments.length; depth += 1) {
      folders.add(segments.slice(0, depth).join('/'));
    }
  };
  for (const folder of tree.folders) {
    addFolder(segmentsOf(folder));
  }
  const files: PlannedFile[] = [];
  for (const picked of tree.files) {
    const segments = segmentsOf(picked.relativePath);
    const name = segments.pop() ?? picked.file.name;
    addFolder(segments);
    files.push({ file: picked.file, name, folder: segments.join('/') });
  }
  const ordered = [...folders].sort((left, right) => {
    const depth = segmentsOf(left).length - segmentsOf(right).length;
    return depth === 0 ? left.localeCompare(right) : depth;
  });
  return { folders: ordered, files };
}

/** The folder path that holds a folder path (`''` at the top). */
export function parentFolderOf(folder: string): string {
  const segments = segmentsOf(folder);
  segments.pop();
  return segments.join('/');
}

/** The last name of a folder path. */
export function folderNameOf(folder: string): string {
  return segmentsOf(folder).pop() ?? '';
}

/** The files of a file input; with `webkitdirectory` each carries its path in the folder. */
export function treeFromFileList(files: Iterable<File>): PickedTree {
  const picked: PickedFile[] = [];
  for (const file of files) {
    picked.push({ file, relativePath: file.webkitRelativePath || file.name });
  }
  return { files: picked, folders: [] };
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => {
    entry.file(resolve, reject);
  });
}

/** Every entry of a directory: `readEntries` answers in batches until it answers none. */
async function childrenOf(entry: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = entry.createReader();
  const children: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => {
      reader.readEntries(resolve, reject);
    });
    if (batch.length === 0) {
      return children;
    }
    children.push(...batch);
  }
}

/** Walks dropped entries (files and folders, any depth) into a selection. */
export async function treeFromEntries(entries: readonly FileSystemEntry[]): Promise<PickedTree> {
  const tree: PickedTree = { files: [], folders: [] };
  const walk = async (entry: FileSystemEntry, path: string): Promise<void> => {
    const relativePath = path === '' ? entry.name : `${path}/${entry.name}`;
    if (entry.isFile) {
      tree.files.push({ file: await fileOf(entry as FileSystemFileEntry), relativePath });
      return;
    }
    if (entry.isDirectory) {
      tree.folders.push(relativePath);
      for (const child of await childrenOf(entry as FileSystemDirectoryEntry)) {
        await walk(child, relativePath);
      }
    }
  };
  for (const entry of entries) {
    await walk(entry, '');
  }
  return tree;
}

/**
 * The selection of a drop. The entries are taken synchronously, while the drop event lasts
 * (the item list empties afterwards); items without an entry are taken as plain files.
 */
export function treeFromDataTransfer(transfer: DataTransfer): Promise<PickedTree> {
  const entries: FileSystemEntry[] = [];
  const loose: File[] = [];
  for (const item of Array.from(transfer.items)) {
    if (item.kind !== 'file') {
      continue;
    }
    const entry = item.webkitGetAsEntry();
    if (entry) {
      entries.push(entry);
      continue;
    }
    const file = item.getAsFile();
    if (file) {
      loose.push(file);
    }
  }
  if (entries.length === 0 && loose.length === 0) {
    loose.push(...Array.from(transfer.files));
  }
  return treeFromEntries(entries).then((tree) => ({
    files: [...tree.files, ...loose.map((file) => ({ file, relativePath: file.name }))],
    folders: tree.folders,
  }));
}
