import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { detectType, kindOfDetected } from './media.service';

async function zipOf(name: string, text: string): Promise<Buffer> {
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

describe('kind detection by content', () => {
  it('recognises archives, images, video, audio and torrents by their bytes', async () => {
    const zip = await zipOf('notes.txt', 'hello');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(16)]);
    // An ID3 tag, then the sync word of an MPEG-1 layer III frame.
    const mp3 = Buffer.concat([Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(400)]);
    const torrent = Buffer.from('d8:announce35:http://tracker.example/announce4:infod4:name3:abcee');
    const cases: [Buffer, string][] = [
      [zip, 'archive'],
      [png, 'image'],
      [mp4, 'video'],
      [mp3, 'audio'],
      [torrent, 'torrent'],
      [Buffer.from('just some text'), 'other'],
    ];
    for (const [bytes, kind] of cases) {
      expect(kindOfDetected(await detectType(bytes))).toBe(kind);
    }
  });

  it('reads damaged headers as unknown rather than failing', async () => {
    expect(await detectType(Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(40)]))).toBe('');
  });

  it('does not take EPUB (a zip inside) for an archive', () => {
    expect(kindOfDetected('application/epub+zip')).toBe('other');
  });
});
