import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';

/**
 * The entries of a zip archive by name: a folder as `'folder'`, a file as its bytes. A file whose
 * bytes do not match the CRC-32 its headers give fails it (yauzl checks the sizes only).
 */
export function unzip(archive: Buffer): Promise<Map<string, Buffer | 'folder'>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true, decodeStrings: true }, (error, zip) => {
      if (error) {
        reject(error);
        return;
      }
      const entries = new Map<string, Buffer | 'folder'>();
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) {
          entries.set(entry.fileName, 'folder');
          zip.readEntry();
          return;
        }
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) {
            reject(streamError);
            return;
          }
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const bytes = Buffer.concat(chunks);
            if (crc32(bytes) !== entry.crc32) {
              reject(new Error(`${entry.fileName}: CRC-32 does not match its bytes`));
              return;
            }
            entries.set(entry.fileName, bytes);
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
