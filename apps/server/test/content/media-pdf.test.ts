import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper';
import { signedInMember } from '../identity';
import { storeFile } from '../support/stored-file';

/*
 * First-page thumbnails of PDFs with the real Poppler tools (Debian's `poppler-utils`, which
 * `.ci/run` installs): a small valid PDF written here gets one, a damaged one gets none and is
 * not drawn again.
 */

const contentOrigin = 'http://content.nimbus-usercontent.test';

/** A one-page PDF, 200×100 points: its left half red, its right half blue. */
function makePdf(): Buffer {
  const content = '1 0 0 rg 0 0 100 100 re f 0 0 1 rg 100 0 100 100 re f';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

interface FileBody {
  thumbnail_link: string;
  params: Record<string, string>;
}

describe.each(dialects)('PDF thumbnails with Poppler on %s', (dialect) => {
  let t: TestApp;

  beforeEach(async () => {
    t = await buildTestApp(dialect, { CONTENT_ORIGIN: contentOrigin });
  });
  afterEach(async () => {
    await t.close();
  });

  async function fileOf(headers: Record<string, string>, id: string): Promise<FileBody> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/drive/v1/files/${id}?thumbnail_size=SIZE_SMALL`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FileBody>();
  }

  async function listed(headers: Record<string, string>): Promise<Map<string, FileBody>> {
    const response = await t.app.inject({ method: 'GET', url: '/drive/v1/files', headers });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ files: (FileBody & { id: string })[] }>();
    return new Map(body.files.map((file) => [file.id, file]));
  }

  function fetchContent(url: string) {
    const parsed = new URL(url);
    return t.app.inject({
      method: 'GET',
      url: parsed.pathname + parsed.search,
      headers: { host: parsed.host },
    });
  }

  it('draws the first page of a PDF and none for a damaged one', async () => {
    expect(t.container.mediaTools.poppler, 'poppler-utils must be installed').toBe(true);
    const { user, headers } = await signedInMember(t);
    const good = await storeFile(t, user.id, 'report.pdf', makePdf());
    const broken = await storeFile(
      t,
      user.id,
      'broken.pdf',
      Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 9 0 R >>\nendobj\n%%EOF\n'),
    );

    // Before the bytes are looked at, the listing offers a thumbnail by the name.
    const before = await listed(headers);
    expect(before.get(good.id)?.thumbnail_link).not.toBe('');

    const report = await fileOf(headers, good.id);
    expect(report.thumbnail_link).not.toBe('');
    // The page size only decides the thumbnail; it is not a picture's dimensions.
    expect(report.params).not.toHaveProperty('width');
    const thumbnail = await fetchContent(report.thumbnail_link);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const page = sharp(thumbnail.rawPayload);
    const drawn = await page.metadata();
    // 200×100 points fitted in the small size: 256×128 pixels.
    expect([drawn.format, drawn.width, drawn.height]).toEqual(['webp', 256, 128]);
    // Red on the left, blue on the right.
    const { data } = await page.raw().toBuffer({ resolveWithObject: true });
    const channels = data.length / (256 * 128);
    const pixel = (x: number) => [
      ...data.subarray(channels * (64 * 256 + x), channels * (64 * 256 + x) + 3),
    ];
    expect(pixel(10)[0]).toBeGreaterThan(200);
    expect(pixel(10)[2]).toBeLessThan(60);
    expect(pixel(245)[2]).toBeGreaterThan(200);
    expect(pixel(245)[0]).toBeLessThan(60);

    // The damaged PDF: the file is still answered, without a thumbnail, now and in the listing.
    const damaged = await fileOf(headers, broken.id);
    expect(damaged.thumbnail_link).toBe('');
    const after = await listed(headers);
    expect(after.get(broken.id)?.thumbnail_link).toBe('');
    expect(after.get(good.id)?.thumbnail_link).not.toBe('');
  });

  it('answers not found for the thumbnail of a PDF Poppler cannot draw, and does not draw it again', async () => {
    const { user, headers } = await signedInMember(t);
    // A header Poppler reads (so the listing offers a link by the name) and no page to draw.
    const broken = await storeFile(t, user.id, 'cut.pdf', Buffer.from('%PDF-1.7\n%\xe2\xe3\n'));
    const link = (await listed(headers)).get(broken.id)?.thumbnail_link ?? '';
    expect(link).not.toBe('');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await fetchContent(link);
      expect(answer.statusCode).toBe(404);
      expect(answer.json<{ error: string }>().error).toBe('file_not_found');
    }
    expect((await fileOf(headers, broken.id)).thumbnail_link).toBe('');
  });
});
