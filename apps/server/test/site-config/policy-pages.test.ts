import { describe, expect, it } from 'vitest';
import { takedownReason } from '../../../web/src/features/policy/takedown-request';
import { dialects, errorOf, ok } from '../helper';
import { consoleMember } from '../support/console';
import { useSharesApp } from '../share/shares-fixture';

interface QueueBody {
  data: {
    share_id: string;
    report_count: string;
    reports: { reason: string; reporter_id: string; reporter_address: string }[];
  }[];
}

/*
 * What the policy pages rely on (docs/site.md#policy-pages): the config host's `basic` values
 * carry the operator's details the console stores and this server's periods, and the copyright
 * policy's takedown request is a share report that lands in the moderators' queue.
 */
describe.each(dialects)('the policy pages’ server side on %s', (dialect) => {
  const f = useSharesApp(dialect);

  async function basic(): Promise<Record<string, unknown>> {
    const answer = ok<{ values: { basic: Record<string, unknown> } }>(
      await f.call({}, 'POST', '/config/v1/basic', { client: 'web' }),
    );
    return answer.values.basic;
  }

  it('gives the operator’s details and the periods, and files takedown requests for moderators', async () => {
    const before = await basic();
    expect(before).toMatchObject({
      operator_name: '',
      operator_address: '',
      operator_email: '',
      jurisdiction: '',
      policy_periods: {
        trash_days: 30,
        deletion_grace_days: 15,
        upload_expiry_hours: 24,
        export_link_days: 7,
        membership_reminder_days: 3,
        subscription_reminder_days: 7,
        payment_grace_days: 7,
        reports_per_hour: 20,
      },
    });

    const admin = await consoleMember(f.t, 'admin', f.clock.now());
    for (const [name, value] of [
      ['basic.operator_name', '  Example Drive Ltd '],
      ['basic.operator_email', 'legal@example.com'],
      ['basic.jurisdiction', 'Ireland'],
    ] as const) {
      ok(
        await f.call(admin.headers, 'POST', '/audit.admin/v1/settings:update', {
          name,
          value,
          reason: 'policy pages',
        }),
      );
    }
    const refused = await f.call(admin.headers, 'POST', '/audit.admin/v1/settings:update', {
      name: 'basic.operator_email',
      value: 'not an address',
      reason: 'typo',
    });
    expect(errorOf(refused).error).toBe('invalid_argument');
    expect(await basic()).toMatchObject({
      operator_name: 'Example Drive Ltd',
      operator_email: 'legal@example.com',
      jurisdiction: 'Ireland',
      operator_address: '',
    });

    const sharer = await f.member();
    const song = await f.storedFile(sharer.user.id, 'song.mp3', 'someone else’s song');
    const made = await f.share(sharer.headers, {
      file_ids: [song.id],
      pass_code_option: 'NOT_REQUIRED',
    });
    const reason = takedownReason({
      name: 'Ada Rights',
      email: 'ada@example.com',
      work: 'The song “Example”',
    });
    const address = '203.0.113.9';
    ok(
      await f.call(
        {},
        'POST',
        '/audit.admin/v1/share',
        { share_id: made.share_id, reason },
        address,
      ),
    );

    const moderator = await consoleMember(f.t, 'moderator', f.clock.now());
    const queue = ok<QueueBody>(await f.call(moderator.headers, 'GET', '/audit.admin/v1/reports'));
    expect(queue.data).toHaveLength(1);
    expect(queue.data[0]).toMatchObject({ share_id: made.share_id, report_count: '1' });
    expect(queue.data[0]?.reports).toEqual([
      expect.objectContaining({ reason, reporter_id: '', reporter_address: address }),
    ]);
    expect(reason.startsWith('copyright: ')).toBe(true);

    const unknown = await f.call({}, 'POST', '/audit.admin/v1/share', { share_id: 'nope', reason });
    expect(errorOf(unknown)).toMatchObject({ error: 'not_found' });
    for (let sent = 2; sent <= 20; sent += 1) {
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
    const limited = await f.call(
      {},
      'POST',
      '/audit.admin/v1/share',
      { share_id: made.share_id, reason },
      address,
    );
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited)).toMatchObject({ error: 'too_many_requests' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
