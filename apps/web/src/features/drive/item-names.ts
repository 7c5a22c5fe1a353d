/*
 * What a rename preselects: the base name of a file, so typing replaces the name and keeps the
 * extension, as desktop file managers do. Pure.
 */

/**
 * Where the preselected part of a name ends: before the last dot of a file's name, the whole
 * name for folders and for names whose only dot leads (`.bashrc`) or that have none.
 */
export function baseNameEnd(name: string, folder: boolean): number {
  if (folder) {
    return name.length;
  }
  const dot = name.lastIndexOf('.');
  return dot > 0 ? dot : name.length;
}
