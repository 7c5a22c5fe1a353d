import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dialects, errorOf, ok } from '../helper';
import { auditCount, consoleMember } from '../support/console';
import { storeFile } from '../support/stored-file';
import { useSharesApp, type OpenBody } from './shares-fixture';

interface QueueBody {
  data: {
    share_id: string;
    report_count: string;
    reasons: { reason: string; count: string }[];
    decisions: { decision_id: string; action: string }[];
  }[];
  next_page_token: string;
}

interface DecisionsBody {
  data: { decision_id: string; share_id: string; action: string; undone_at: string }[];
}

/** A visitor's address, not one the console's members sign in from (127.0.0.1). */
const visitorAddress = '198.51.100.7';

describe.each(dialects)('the moderation queue of the console on %s', (dialect) => {
  const f = useSharesApp(dialect);

  async function setUp() {
    const moderator = await consoleMember(f.t, 'moderator', f.clock.now());
    const sharer = await f.member({ locale: 'ko' });
    const photo = await f.storedFile(sharer.user.id, 'photo.jpg', 'reported bytes');
    const made = await f.share(sharer.headers, {
      file_ids: [photo.id],
      pass_code_option: 'NOT_REQUIRED',
    });
    ok(
      await f.call(
        {},
        'POST',
        '/audit.admin/v1/share',
        { share_id: made.share_id, reason: 'stolen' },
        visitorAddress,
      ),
    );
    return { moderator, sharer, photo, made };
  }

  const statusOf = async (shareId: string) => ok<OpenBody>(await f.open(shareId)).share_status;

  it('takes a share down for visitors at once, with one audit row per decision, and undoes it', async () => {
    const { moderator, sharer, photo, made } = await setUp();
    const queue = ok<QueueBody>(await f.call(moderator.headers, 'GET', '/audit.admin/v1/reports'));
    expect(queue.data.map((entry) => [entry.share_id, entry.report_count])).toEqual([
      [made.share_id, '1'],
    ]);

    const before = await auditCount(f.t);
    const decided = ok<DecisionsBody>(
      await f.call(moderator.headers, 'POST', '/audit.admin/v1/decisions', {
        share_ids: [made.share_id],
        action: 'prohibited',
        reason_code: 'copyright',
        reason: 'notice from the rights holder',
        content_wide: true,
      }),
    );
    expect(await auditCount(f.t)).toBe(before + 1);
    const rows = await f.t.container.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'shares.prohibited')
      .execute();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      actor_id: moderator.user.id,
      action: 'shares.prohibited',
      target_kind: 'share',
      target_id: made.share_id,
      reason: 'notice from the rights holder',
    });

    expect(await statusOf(made.share_id)).toBe('PROHIBITED');
    const listed = ok<{ data: { share_status: string; moderation_reason_text: string }[] }>(
      await f.call({ ...sharer.headers, 'accept-language': 'ko' }, 'GET', '/drive/v1/share/list'),
    );
    expect(listed.data[0]).toMatchObject({
      share_status: 'PROHIBITED',
      moderation_reason_text: '저작권 침해',
    });
    const refused = await f.call(sharer.headers, 'POST', '/drive/v1/share', {
      file_ids: [photo.id],
    });
    expect(errorOf(refused)).toMatchObject({ error: 'share_content_prohibited', error_code: 9 });

    const decisionId = decided.data[0]?.decision_id ?? '';
    const undone = ok<{ undone_at: string }>(
      await f.call(moderator.headers, 'POST', '/audit.admin/v1/decisions:undo', {
        decision_id: decisionId,
        reason: 'a mistake',
      }),
    );
    expect(undone.undone_at).not.toBe('');
    expect(await auditCount(f.t)).toBe(before + 2);
    expect(await statusOf(made.share_id)).toBe('OK');
    ok(await f.call(sharer.headers, 'POST', '/drive/v1/share', { file_ids: [photo.id] }));
    const again = await f.call(moderator.headers, 'POST', '/audit.admin/v1/decisions:undo', {
      decision_id: decisionId,
      reason: 'twice',
    });
    expect(errorOf(again).error).toBe('failed_precondition');
    expect(await auditCount(f.t)).toBe(before + 2);
  });

  it('serves previews so they cannot run script, and refuses other types', async () => {
    const { moderator, sharer, made, photo } = await setUp();
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .png()
      .toBuffer();
    const picture = await storeFile(f.t, sharer.user.id, 'pic.png', png);
    const markup = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const page = await f.storedFile(sharer.user.id, 'page.xml', markup);
    const shared = await f.share(sharer.headers, { file_ids: [picture.id, page.id] });
    ok(
      await f.call(
        {},
        'POST',
        '/audit.admin/v1/share',
        { share_id: shared.share_id, reason: 'a script' },
        visitorAddress,
      ),
    );

    const image = await f.call(
      moderator.headers,
      'GET',
      `/audit.admin/v1/shares/${shared.share_id}/preview?file_id=${picture.id}`,
    );
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/(webp|jpeg|png)$/);
    expect(image.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-disposition']).toMatch(/^inline; filename="preview\.\w+"$/);

    // Markup is served as plain text, its script inert.
    const text = await f.call(
      moderator.headers,
      'GET',
      `/audit.admin/v1/shares/${shared.share_id}/preview?file_id=${page.id}`,
    );
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(text.body).toBe(markup);
    // Bytes no thumbnail can be drawn from have no preview.
    const broken = await f.call(
      moderator.headers,
      'GET',
      `/audit.admin/v1/shares/${made.share_id}/preview?file_id=${photo.id}`,
    );
    expect(errorOf(broken).error).toBe('failed_precondition');
  });

  it('opens no preview of a share only the console reported or decided on', async () => {
    const moderator = await consoleMember(f.t, 'moderator', f.clock.now());
    const sharer = await f.member();
    const notes = await f.storedFile(sharer.user.id, 'notes.txt', 'private notes');
    const made = await f.share(sharer.headers, { file_ids: [notes.id] });
    const preview = () =>
      f.call(
        moderator.headers,
        'GET',
        `/audit.admin/v1/shares/${made.share_id}/preview?file_id=${notes.id}`,
      );
    const report = (headers: Record<string, string>, remoteAddress: string) =>
      f.call(
        headers,
        'POST',
        '/audit.admin/v1/share',
        { share_id: made.share_id, reason: 'looks bad' },
        remoteAddress,
      );

    // A decision on a share nobody reported does not open it.
    ok(
      await f.call(moderator.headers, 'POST', '/audit.admin/v1/decisions', {
        share_ids: [made.share_id],
        action: 'keep',
        reason_code: 'other',
        reason: 'a look without a report',
      }),
    );
    expect(errorOf(await preview()).error).toBe('not_found');
    // Nor does the moderator's own report, signed in or signed out from their address.
    ok(await report(moderator.headers, '203.0.113.9'));
    ok(await report({}, '127.0.0.1'));
    expect(errorOf(await preview()).error).toBe('not_found');
    // Both reports stay in the queue.
    const queue = ok<QueueBody>(await f.call(moderator.headers, 'GET', '/audit.admin/v1/reports'));
    expect(queue.data.find((entry) => entry.share_id === made.share_id)?.report_count).toBe('2');

    // A member's report from elsewhere does.
    const visitor = await f.member();
    ok(await report(visitor.headers, visitorAddress));
    const opened = await preview();
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toBe('private notes');
  });
});
