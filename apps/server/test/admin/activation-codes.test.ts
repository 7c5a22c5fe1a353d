import type { BatchCode, CodeBatch } from '@nimbus/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, ok, testClock, type TestApp } from '../helper';
import { signedInMember } from '../identity';
import { auditCount, consoleMember } from '../support/console';

describe.each(dialects)('activation-code batches in the console on %s', (dialect) => {
  let t: TestApp;
  let clock = testClock();

  beforeEach(async () => {
    clock = testClock();
    t = await buildTestApp(dialect, {}, { now: clock.now });
  });
  afterEach(async () => {
    await t.close();
  });

  function call(
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string>,
    payload?: Record<string, unknown>,
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  }

  function redeem(headers: Record<string, string>, code: string) {
    return call('POST', '/vip/v1/order/activation-code', headers, { activation_code: code });
  }

  it('mints a batch, lists it, exports it, shows who redeemed and revokes unused codes', async () => {
    const now = clock.now();
    const admin = await consoleMember(t, 'admin', now);
    const support = await consoleMember(t, 'support', now);
    const member = await signedInMember(t);
    const other = await signedInMember(t);

    // Support may read but not mint.
    const refused = await call('POST', '/audit.admin/v1/code_batches', support.headers, {
      type: 'platinum',
      days: 30,
      count: 10,
      reason: 'spring campaign',
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).error).toBe('permission_denied');

    // A pack needs its size; premium days take none.
    const sizeless = await call('POST', '/audit.admin/v1/code_batches', admin.headers, {
      type: 'storage',
      days: 30,
      count: 1,
      reason: 'test',
    });
    expect(sizeless.statusCode).toBe(400);
    expect(errorOf(sizeless).error).toBe('invalid_argument');

    const audited = await auditCount(t);
    const minted = ok<{ batch: CodeBatch; codes: string[] }>(
      await call('POST', '/audit.admin/v1/code_batches', admin.headers, {
        type: 'platinum',
        days: 30,
        count: 10,
        note: 'Spring campaign',
        reason: 'spring campaign',
      }),
    );
    expect(await auditCount(t)).toBe(audited + 1);
    expect(minted.codes).toHaveLength(10);
    expect(new Set(minted.codes).size).toBe(10);
    expect(minted.batch).toMatchObject({ count: 10, type: 'platinum', days: 30, redeemed: 0 });
    const batchId = minted.batch.id;

    const listed = ok<{ data: CodeBatch[] }>(
      await call('GET', '/audit.admin/v1/code_batches?q=spring', support.headers),
    );
    expect(listed.data.map((batch) => batch.id)).toEqual([batchId]);
    expect(
      ok<{ data: CodeBatch[] }>(
        await call('GET', '/audit.admin/v1/code_batches?q=autumn', support.headers),
      ).data,
    ).toEqual([]);
    const codes = () =>
      call('GET', `/audit.admin/v1/codes?batch_id=${batchId}`, support.headers).then(
        (response) => ok<{ data: BatchCode[] }>(response).data,
      );
    expect((await codes()).map((code) => code.status)).toEqual(Array(10).fill('unused'));

    const csv = await call(
      'GET',
      `/audit.admin/v1/codes:export?batch_id=${batchId}`,
      support.headers,
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('code_id,status,uses_left,max_uses,revoked_at,redeemed_by');
    expect(lines).toHaveLength(11);

    // A member redeems one code through the member API: the console shows who and when.
    const [first, second] = minted.codes as [string, string];
    ok(await redeem(member.headers, first));
    const afterRedeem = await codes();
    const used = afterRedeem.filter((code) => code.status === 'used');
    expect(used).toHaveLength(1);
    expect(used[0]?.redemptions).toEqual([
      { user_id: member.user.id, email: member.user.email, redeemed_at: clock.now().toISOString() },
    ]);
    const exported = await call(
      'GET',
      `/audit.admin/v1/codes:export?batch_id=${batchId}`,
      admin.headers,
    );
    expect(exported.body).toContain(member.user.email);

    // Revoking leaves the redeemed code alone and makes the nine others unredeemable.
    expect(
      (
        await call('POST', '/audit.admin/v1/code_batches:revoke', support.headers, {
          batch_id: batchId,
          reason: 'campaign over',
        })
      ).statusCode,
    ).toBe(403);
    const before = await auditCount(t);
    expect(
      ok<{ revoked: number }>(
        await call('POST', '/audit.admin/v1/code_batches:revoke', admin.headers, {
          batch_id: batchId,
          reason: 'campaign over',
        }),
      ).revoked,
    ).toBe(9);
    expect(await auditCount(t)).toBe(before + 1);
    const rows = await t.container.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'codes.revoke')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      target_kind: 'code_batch',
      target_id: batchId,
      actor_id: admin.user.id,
      reason: 'campaign over',
    });
    const afterRevoke = await codes();
    expect(afterRevoke.filter((code) => code.status === 'revoked')).toHaveLength(9);
    expect(afterRevoke.filter((code) => code.status === 'used')).toHaveLength(1);
    const refusedRedeem = await redeem(other.headers, second);
    expect(refusedRedeem.statusCode).not.toBe(200);
    expect(errorOf(refusedRedeem).error).toBe('activation_code_revoked');
    // A second revoke finds nothing left to revoke.
    expect(
      ok<{ revoked: number }>(
        await call('POST', '/audit.admin/v1/code_batches:revoke', admin.headers, {
          batch_id: batchId,
          reason: 'again',
        }),
      ).revoked,
    ).toBe(0);
    const listedAfter = ok<{ data: CodeBatch[] }>(
      await call('GET', `/audit.admin/v1/code_batches?q=${batchId}`, admin.headers),
    );
    expect(listedAfter.data[0]).toMatchObject({ redeemed: 1, revoked: 9 });

    const missing = await call('GET', '/audit.admin/v1/codes?batch_id=nope', admin.headers);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).error).toBe('not_found');
  });
});
