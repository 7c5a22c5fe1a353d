import { Readable } from 'node:stream';
import type { FileRecord } from '../../src/modules/drive/file.repository';
import type { TestApp } from '../helper';

/**
 * A complete file in a member's drive without the upload path: the bytes go through the real
 * blob service (which takes the reference the row holds) and the row through the file service.
 */
export async function storeFile(
  t: TestApp,
  userId: string,
  name: string,
  content: Buffer | string,
  parentId = '',
): Promise<FileRecord> {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  const digest = await t.container.blobs.ingest(Readable.from([bytes]));
  return t.container.files.createFile(userId, { name, parentId, blob: digest });
}
