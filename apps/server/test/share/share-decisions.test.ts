import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dialects, errorOf, ok } from '../helper';
import { giveRole } from '../support/console';
import { storeFile } from '../support/stored-file';
import { useSharesApp, type OpenBody } from './shares-fixture';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) {
    parts.push(part as Buffer);
  }
  return Buffer.concat(parts);
}

interface ListedShare {
  share_id: string;
  share_status: string;
  moderation_reason: string;
  moderation_reason_text: string;
}

describe.each(dialects)('moderators’ decisions on reported shares on %s', (dialect) => {
  const f = useSharesApp(dialect);

  async function reported() {
    const sharer = await f.member({ locale: 'ja' });
    const moderator = await f.member();
    const photo = await f.storedFile(sharer.user.id, 'photo.jpg', 'the reported bytes');
    const made = await f.share(sharer.headers, {
      file_ids: [photo.id],
      pass_code_option: 'NOT_REQUIRED',
    });
    for (const [address, reason] of [
      ['203.0.113.1', 'stolen photo'],
      ['203.0.113.2', 'stolen photo'],
      ['203.0.113.3', 'spam'],
    ] as const) {
      ok(
        await f.call(
          {},
          'POST',
          '/audit.admin/v1/share',
          { share_id: made.share_id, reason },
          address,
        ),
      );
    }
    f.clock.advance(1000);
    return { sharer, moderator, photo, made };
  }

  const decisions = () => f.t.container.shareDecisions;
  const statusOf = async (shareId: string) => ok<OpenBody>(await f.open(shareId)).share_status;
  const listed = async (headers: Record<string, string>) =>
    ok<{ data: ListedShare[] }>(
      await f.call({ ...headers, 'accept-language': 'ja' }, 'GET', '/drive/v1/share/list'),
    ).data;

  it('lists reports grouped per share with reasons, counts and reporters, and pages', async () => {
    const first = await reported();
    const second = await reported();
    const page = await decisions().queue({ filters: undefined, limit: 1, pageToken: undefined });
    expect(page.entries.map((entry) => entry.shareId)).toEqual([second.made.share_id]);
    const [entry] = page.entries;
    expect(entry?.reportCount).toBe(3);
    expect(entry?.reasons).toEqual([
      { reason: 'stolen photo', count: 2 },
      { reason: 'spam', count: 1 },
    ]);
    expect(entry?.reports.map((report) => report.reporterAddress).sort()).toEqual([
      '203.0.113.1',
      '203.0.113.2',
      '203.0.113.3',
    ]);
    const next = await decisions().queue({
      filters: undefined,
      limit: 1,
      pageToken: page.nextPageToken,
    });
    expect(next.entries.map((one) => one.shareId)).toEqual([first.made.share_id]);
    expect(next.nextPageToken).toBe('');

    await decisions().decide(
      { userId: first.moderator.user.id, role: 'moderator' },
      {
        shareIds: [first.made.share_id],
        action: 'keep',
        reasonCode: 'other',
        note: 'fine',
        contentWide: false,
      },
    );
    const open = await decisions().queue({ filters: undefined, limit: 10, pageToken: undefined });
    expect(open.entries.map((one) => one.shareId)).toEqual([second.made.share_id]);
    const decided = await decisions().queue({
      filters: JSON.stringify({ state: { eq: 'decided' } }),
      limit: 10,
      pageToken: undefined,
    });
    expect(decided.entries.map((one) => one.shareId)).toEqual([first.made.share_id]);
    expect(decided.entries[0]?.decisions.map((one) => one.action)).toEqual(['keep']);
  });

  it('takes a share down for visitors at once, tells the sharer why, and undoes it', async () => {
    const { sharer, moderator, made } = await reported();
    expect(await statusOf(made.share_id)).toBe('OK');
    const [decision] = await decisions().decide(
      { userId: moderator.user.id, role: 'moderator' },
      {
        shareIds: [made.share_id],
        action: 'prohibited',
        reasonCode: 'copyright',
        note: 'the rights holder wrote',
        contentWide: false,
      },
    );
    expect(await statusOf(made.share_id)).toBe('PROHIBITED');
    const [mine] = await listed(sharer.headers);
    expect(mine).toMatchObject({
      share_status: 'PROHIBITED',
      moderation_reason: 'copyright',
      moderation_reason_text: '著作権侵害',
    });

    await decisions().undo({ userId: moderator.user.id, role: 'moderator' }, decision?.id ?? '');
    expect(await statusOf(made.share_id)).toBe('OK');
    expect((await listed(sharer.headers))[0]).toMatchObject({
      share_status: 'OK',
      moderation_reason: '',
      moderation_reason_text: '',
    });
    const queue = await decisions().queue({ filters: undefined, limit: 10, pageToken: undefined });
    expect(queue.entries[0]?.reportCount).toBe(3);
    await expect(
      decisions().undo({ userId: moderator.user.id, role: 'moderator' }, decision?.id ?? ''),
    ).rejects.toMatchObject({
      reason: 'failed_precondition',
    });
  });

  it('takes the same bytes down everywhere and refuses new shares of them until undone', async () => {
    const { sharer, moderator, made } = await reported();
    const other = await f.member();
    const copy = await f.storedFile(other.user.id, 'copy.jpg', 'the reported bytes');
    const elsewhere = await f.share(other.headers, {
      file_ids: [copy.id],
      pass_code_option: 'NOT_REQUIRED',
    });
    const unrelated = await f.storedFile(other.user.id, 'mine.txt', 'other bytes');

    const [decision] = await decisions().decide(
      { userId: moderator.user.id, role: 'moderator' },
      {
        shareIds: [made.share_id],
        action: 'prohibited',
        reasonCode: 'child_safety',
        note: '',
        contentWide: true,
      },
    );
    expect(await statusOf(made.share_id)).toBe('PROHIBITED');
    expect(await statusOf(elsewhere.share_id)).toBe('PROHIBITED');

    const refused = await f.call(other.headers, 'POST', '/drive/v1/share', {
      file_ids: [copy.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({ error: 'share_content_prohibited', error_code: 9 });
    const again = await f.call(sharer.headers, 'POST', '/drive/v1/share', {
      file_ids: [(await f.storedFile(sharer.user.id, 'again.jpg', 'the reported bytes')).id],
    });
    expect(errorOf(again).error).toBe('share_content_prohibited');
    ok(await f.call(other.headers, 'POST', '/drive/v1/share', { file_ids: [unrelated.id] }));

    await decisions().undo({ userId: moderator.user.id, role: 'moderator' }, decision?.id ?? '');
    expect(await statusOf(made.share_id)).toBe('OK');
    expect(await statusOf(elsewhere.share_id)).toBe('OK');
    ok(await f.call(other.headers, 'POST', '/drive/v1/share', { file_ids: [copy.id] }));
  });

  it('blocks the sharer, ending their sessions, and the undo gives the account back', async () => {
    const { sharer, moderator, made } = await reported();
    const [decision] = await decisions().decide(
      { userId: moderator.user.id, role: 'moderator' },
      {
        shareIds: [made.share_id],
        action: 'block_sharer',
        reasonCode: 'spam',
        note: 'a spam ring',
        contentWide: false,
      },
    );
    expect((await f.call(sharer.headers, 'GET', '/drive/v1/share/list')).statusCode).toBe(401);
    expect((await f.t.container.users.findById(sharer.user.id))?.status).toBe('blocked');
    await decisions().undo({ userId: moderator.user.id, role: 'moderator' }, decision?.id ?? '');
    expect((await f.t.container.users.findById(sharer.user.id))?.status).toBe('active');
  });

  it('blocks and unblocks a sharer who holds a console role only for an admin', async () => {
    const { sharer, moderator, made } = await reported();
    await giveRole(f.t, sharer.user.id, 'admin', f.clock.now());
    const block = (role: 'moderator' | 'admin') =>
      decisions().decide(
        { userId: moderator.user.id, role },
        {
          shareIds: [made.share_id],
          action: 'block_sharer',
          reasonCode: 'spam',
          note: 'a takeover',
          contentWide: false,
        },
      );
    await expect(block('moderator')).rejects.toMatchObject({ reason: 'permission_denied' });
    expect((await f.t.container.users.findById(sharer.user.id))?.status).toBe('active');
    expect((await f.call(sharer.headers, 'GET', '/drive/v1/share/list')).statusCode).toBe(200);
    const [decision] = await block('admin');
    expect((await f.t.container.users.findById(sharer.user.id))?.status).toBe('blocked');
    // Nor does a moderator undo an admin's block of them.
    const undo = (role: 'moderator' | 'admin') =>
      decisions().undo({ userId: moderator.user.id, role }, decision?.id ?? '');
    await expect(undo('moderator')).rejects.toMatchObject({ reason: 'permission_denied' });
    expect((await f.t.container.users.findById(sharer.user.id))?.status).toBe('blocked');
    await undo('admin');
    expect((await f.t.container.users.findById(sharer.user.id))?.status).toBe('active');
  });

  it('decides in bulk, all or none', async () => {
    const one = await reported();
    const two = await reported();
    await expect(
      decisions().decide(
        { userId: one.moderator.user.id, role: 'moderator' },
        {
          shareIds: [one.made.share_id, 'nosuchshare000000000'],
          action: 'sensitive_resource',
          reasonCode: 'sexual_content',
          note: '',
          contentWide: false,
        },
      ),
    ).rejects.toMatchObject({ reason: 'not_found' });
    expect(await statusOf(one.made.share_id)).toBe('OK');
    const made = await decisions().decide(
      { userId: one.moderator.user.id, role: 'moderator' },
      {
        shareIds: [one.made.share_id, two.made.share_id],
        action: 'sensitive_word',
        reasonCode: 'hate',
        note: '',
        contentWide: false,
      },
    );
    expect(made).toHaveLength(2);
    expect(await statusOf(one.made.share_id)).toBe('SENSITIVE_WORD');
    expect(await statusOf(two.made.share_id)).toBe('SENSITIVE_WORD');
  });

  it('previews inert content only: thumbnails of images, the start of text files', async () => {
    const sharer = await f.member();
    const folder = await f.t.container.files.createFolder(sharer.user.id, {
      name: 'Reported',
      parentId: '',
    });
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 9, g: 9, b: 9 } },
    })
      .png()
      .toBuffer();
    const picture = await storeFile(f.t, sharer.user.id, 'pic.png', png, folder.id);
    const notes = await f.storedFile(sharer.user.id, 'notes.txt', 'x'.repeat(70_000), folder.id);
    const archive = await f.storedFile(
      sharer.user.id,
      'a.zip',
      'PK\u0003\u0004 not much',
      folder.id,
    );
    const outside = await f.storedFile(sharer.user.id, 'outside.txt', 'not shared');
    const made = await f.share(sharer.headers, { file_ids: [folder.id] });
    const previews = f.t.container.sharePreviews;
    // A share nobody reported is not for moderators to browse.
    await expect(previews.preview(made.share_id, notes.id)).rejects.toMatchObject({
      reason: 'not_found',
    });
    ok(
      await f.call(
        {},
        'POST',
        '/audit.admin/v1/share',
        { share_id: made.share_id, reason: 'stolen text' },
        '198.51.100.7',
      ),
    );

    const image = await previews.preview(made.share_id, picture.id);
    expect(image.contentType).toMatch(/^image\/(webp|jpeg|png)$/);
    const drawn = await sharp(await bytesOf(await image.open())).metadata();
    expect(drawn.width).toBeGreaterThan(0);
    expect(Buffer.compare(await bytesOf(await image.open()), png)).not.toBe(0);

    const text = await previews.preview(made.share_id, notes.id);
    expect(text.contentType).toBe('text/plain; charset=utf-8');
    expect((await bytesOf(await text.open())).length).toBe(64 * 1024);

    await expect(previews.preview(made.share_id, archive.id)).rejects.toMatchObject({
      reason: 'failed_precondition',
    });
    await expect(previews.preview(made.share_id, outside.id)).rejects.toMatchObject({
      reason: 'file_not_found',
    });
    await expect(previews.preview('nosuchshare000000000', notes.id)).rejects.toMatchObject({
      reason: 'not_found',
    });
  });
});
