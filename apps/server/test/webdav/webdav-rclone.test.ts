import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../helper';
import { run, startDavServer, type DavServer } from './webdav-fixture';

/** Names in many scripts, nested folders, and a few sizes (the bench runs 1,000 files). */
async function makeTree(root: string, files: number): Promise<void> {
  const folders = ['', 'Документы', 'Документы/写真 2024', 'música', 'música/ελληνικά', 'عربى'];
  for (let index = 0; index < files; index += 1) {
    const folder = path.join(root, folders[index % folders.length] ?? '');
    await fs.mkdir(folder, { recursive: true });
    const file = path.join(folder, `fichier-${index}-ファイル-${'é'.repeat(index % 3)}.txt`);
    await fs.writeFile(file, `content ${index} `.repeat(1 + ((index * 37) % 400)));
    // Times in the past, whole seconds, that a sync must carry over.
    const when = new Date(Date.UTC(2021, index % 12, 1 + (index % 27), 10, index % 60, 7));
    await fs.utimes(file, when, when);
  }
}

describe.each(dialects)('rclone against WebDAV on %s', (dialect) => {
  let server: DavServer;
  let work: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    server = await startDavServer(dialect);
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-rclone-'));
    const obscured = (await run('rclone', ['obscure', server.appPassword])).stdout.trim();
    env = {
      ...process.env,
      HOME: work,
      RCLONE_CONFIG: path.join(work, 'rclone.conf'),
      RCLONE_WEBDAV_URL: `${server.origin}/dav/`,
      RCLONE_WEBDAV_VENDOR: 'owncloud',
      RCLONE_WEBDAV_USER: server.member.email,
      RCLONE_WEBDAV_PASS: obscured,
    };
  });
  afterAll(async () => {
    await server.t.close();
    await fs.rm(work, { recursive: true, force: true });
  });

  const rclone = (...args: string[]) =>
    run('rclone', [...args, '--retries', '1', '--low-level-retries', '1'], {
      env,
      timeout: 60_000,
    });

  it('copies a tree up, checks it byte for byte, and syncs a changed tree down and back with times kept', async () => {
    const local = path.join(work, 'local');
    await makeTree(local, 50);
    await rclone('copy', local, ':webdav:tree');
    await rclone('check', '--download', local, ':webdav:tree');

    // Times survive the trip: the listing shows each file's own modification time.
    const listed = JSON.parse(
      (await rclone('lsjson', '-R', '--files-only', ':webdav:tree')).stdout,
    ) as { Path: string; ModTime: string; Size: number }[];
    expect(listed).toHaveLength(50);
    for (const entry of listed) {
      const stat = await fs.stat(path.join(local, entry.Path));
      expect(Date.parse(entry.ModTime), entry.Path).toBe(Math.floor(stat.mtimeMs / 1000) * 1000);
      expect(entry.Size).toBe(stat.size);
    }

    // Changed on the drive's side: a file rewritten, one removed, one added in a new folder.
    const changed = path.join(work, 'changed');
    await rclone('sync', ':webdav:tree', changed);
    await fs.writeFile(path.join(changed, 'música', 'nuevo ✓.txt'), 'new');
    await fs.mkdir(path.join(changed, 'новая папка'));
    await fs.writeFile(path.join(changed, 'новая папка', 'x.bin'), Buffer.alloc(5000, 7));
    const victim = listed[0]?.Path ?? '';
    await fs.rm(path.join(changed, victim));
    const rewritten = listed[1]?.Path ?? '';
    await fs.writeFile(path.join(changed, rewritten), 'rewritten');
    await rclone('sync', changed, ':webdav:tree');
    await rclone('check', '--download', changed, ':webdav:tree');

    // And back down into the first copy.
    await rclone('sync', ':webdav:tree', local);
    await rclone('check', '--download', changed, local);
    await expect(fs.readFile(path.join(local, rewritten), 'utf8')).resolves.toBe('rewritten');
  }, 120_000);
});
