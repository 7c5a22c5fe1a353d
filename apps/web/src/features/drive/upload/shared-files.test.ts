import { describe, expect, it } from 'vitest';
import type { SharedFilesStorage } from './shared-files';
import {
  clearSharedFiles,
  hasSharedFiles,
  readSharedFiles,
  sharedFileHeaders,
  sharedFilesCacheName,
  sharedFilesPath,
  sharedFilesRefusedPath,
} from './shared-files';

/** Cache Storage in memory: named caches of responses by path, as the service worker fills them. */
function memoryStorage(): SharedFilesStorage & { put: (path: string, response: Response) => void } {
  const stores = new Map<string, Map<string, Response>>();
  const store = (name: string) => {
    const found = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, found);
    return found;
  };
  return {
    has: async (name) => stores.has(name),
    delete: async (name) => stores.delete(name),
    open: async (name) => {
      const entries = store(name);
      return {
        match: async (path: string) => entries.get(path)?.clone(),
      } as unknown as Cache;
    },
    put: (path, response) => store(sharedFilesCacheName).set(path, response),
  };
}

function keptFile(body: string, name: string, type: string, modified: number): Response {
  return new Response(body, {
    headers: {
      'content-type': type,
      [sharedFileHeaders.name]: encodeURIComponent(name),
      [sharedFileHeaders.modified]: String(modified),
    },
  });
}

describe('files shared from a phone', () => {
  it('are read back in order with their names, types, dates and bytes, then forgotten', async () => {
    const storage = memoryStorage();
    expect(await hasSharedFiles(storage)).toBe(false);
    expect(await readSharedFiles(storage)).toBeUndefined();
    storage.put(`${sharedFilesPath}0`, keptFile('photo bytes', 'Фото 1.jpg', 'image/jpeg', 1000));
    storage.put(`${sharedFilesPath}1`, keptFile('notes', 'notes.txt', 'text/plain', 2000));
    expect(await hasSharedFiles(storage)).toBe(true);

    const shared = await readSharedFiles(storage);
    expect(shared?.kind).toBe('files');
    const files = shared?.kind === 'files' ? shared.files : [];
    expect(files.map((file) => [file.name, file.type, file.lastModified, file.size])).toEqual([
      ['Фото 1.jpg', 'image/jpeg', 1000, 11],
      ['notes.txt', 'text/plain', 2000, 5],
    ]);
    expect(await files[1]!.text()).toBe('notes');

    await clearSharedFiles(storage);
    expect(await hasSharedFiles(storage)).toBe(false);
  });

  it('say so when the share was refused for its size', async () => {
    const storage = memoryStorage();
    storage.put(sharedFilesRefusedPath, new Response(''));
    expect(await readSharedFiles(storage)).toEqual({ kind: 'refused' });
  });
});
