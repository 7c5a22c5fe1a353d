import { createHash } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyBlobs } from '../../src/modules/storage/blob-verify';
import { createBlobRepository } from '../../src/modules/storage/blob.repository';
import { createUsageRepository } from '../../src/modules/drive/usage.repository';
import { verifyUsage } from '../../src/modules/drive/usage-verify';
import { buildTestApp, dialects, ok, testClock, type TestApp } from '../helper';
import { post, signIn, signedInMember } from '../identity';
import { storeFile } from '../support/stored-file';

type Member = Awaited<ReturnType<typeof signedInMember>>;
const day = 86_400_000;

describe.each(dialects)('the account purge on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock();
  const logged: Array<{ msg: string; userId?: string; reason?: string }> = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(JSON.parse(chunk.toString()) as (typeof logged)[number]);
        done();
      },
    });
    t = await buildTestApp(dialect, {}, { now: clock.now, logger: pino({ level: 'warn' }, sink) });
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.container.database.db;
  const stamp = () => clock.now().toISOString();

  /** Every table of the database and its columns, read from the catalogue. */
  async function columnsByTable(): Promise<Map<string, string[]>> {
    const tables = new Map<string, string[]>();
    if (dialect === 'sqlite') {
      const names = await sql<{ name: string }>`
        select name from sqlite_master where type = 'table' and name not like 'sqlite_%'
          and name not like 'kysely_%'`.execute(db());
      for (const { name } of names.rows) {
        const columns = await sql<{
          name: string;
        }>`select name from pragma_table_info(${name})`.execute(db());
        tables.set(
          name,
          columns.rows.map((column) => column.name),
        );
      }
      return tables;
    }
    const columns = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and table_name not like 'kysely_%'`.execute(db());
    for (const row of columns.rows) {
      tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row.column_name]);
    }
    return tables;
  }

  /**
   * How many rows of each table hold each of `needles` in any column (tables with none left
   * out), one query per table.
   */
  async function rowsNamingEach(needles: string[]): Promise<Record<string, number>[]> {
    const found: Record<string, number>[] = needles.map(() => ({}));
    for (const [table, columns] of await columnsByTable()) {
      const counts = needles.map((needle, index) => {
        const match = sql.join(
          columns.map((column) => sql`cast(${sql.ref(column)} as text) like ${`%${needle}%`}`),
          sql` or `,
        );
        return sql`sum(case when ${match} then 1 else 0 end) as ${sql.ref(`n${index}`)}`;
      });
      const { rows } = await sql<Record<string, number | string | null>>`
        select ${sql.join(counts)} from ${sql.table(table)}`.execute(db());
      needles.forEach((_needle, index) => {
        const count = Number(rows[0]?.[`n${index}`] ?? 0);
        if (count > 0) {
          found[index]![table] = count;
        }
      });
    }
    return found;
  }

  async function rowsNaming(needle: string): Promise<Record<string, number>> {
    return (await rowsNamingEach([needle]))[0]!;
  }

  /** The references every holder of a blob counts, against each blob's `ref_count`. */
  async function referenceCounts(): Promise<{ counted: object; held: object }> {
    const { rows } = await sql<{ sha256: string; n: number | string }>`
      select sha256, count(*) as n from (
        select sha256 from files where sha256 is not null
        union all select picture_sha256 from users where picture_sha256 is not null
        union all select sha256 from feedback_attachments
        union all select sha256 from data_export_entries where sha256 is not null
        union all select blob_sha256 from media_thumbnails
        union all select blob_sha256 from media_track_cache
      ) refs group by sha256`.execute(db());
    const held = Object.fromEntries(rows.map((row) => [row.sha256, Number(row.n)]));
    const blobs = await db().selectFrom('blobs').select(['sha256', 'ref_count']).execute();
    const counted = Object.fromEntries(
      blobs.filter((blob) => blob.ref_count > 0).map((blob) => [blob.sha256, blob.ref_count]),
    );
    return { counted, held };
  }

  async function ingest(content: string): Promise<string> {
    return (await t.container.blobs.ingest(Readable.from([Buffer.from(content)]))).sha256;
  }

  /** A member with something in every table that can name a member. */
  async function populate(member: Member, other: Member, tag: string): Promise<void> {
    const id = member.user.id;
    const email = member.user.email;
    const folder = await t.container.files.createFolder(id, { name: 'Docs', parentId: '' });
    const own = await storeFile(t, id, 'own.txt', `only ${tag}`, folder.id);
    await storeFile(t, id, 'common.txt', 'content everyone holds');
    const trashed = await storeFile(t, id, 'old.txt', `trashed ${tag}`);
    await t.container.files.trash(id, [trashed.id]);
    const share = ok<{ share_id: string }>(
      await post(t, '/drive/v1/share', { file_ids: [own.id] }, member.headers),
    );
    ok(await post(t, '/v1/user/app-passwords', { name: 'rclone', scope: 'read' }, member.headers));
    await t.container.memberships.grant({
      userId: id,
      type: 'platinum',
      days: 30,
      source: 'admin',
    });
    await db()
      .updateTable('users')
      .set({ picture_sha256: await ingest(`avatar ${tag}`), picture_type: 'image/png' })
      .where('id', '=', id)
      .execute();
    const now = stamp();
    const feedbackId = `fb${tag}`;
    await db()
      .insertInto('feedback')
      .values({
        id: feedbackId,
        user_id: id,
        category: 'bug',
        message: 'The list is slow',
        contact_email: email,
        app_version: '',
        locale: 'en-US',
        user_agent: '',
        client_id: 'web',
        address_hash: '',
        created_at: now,
      })
      .execute();
    await db()
      .insertInto('feedback_attachments')
      .values({
        feedback_id: feedbackId,
        position: 0,
        name: 'shot.png',
        type: 'image/png',
        size: 10,
        sha256: await ingest(`screenshot ${tag}`),
      })
      .execute();
    await db()
      .insertInto('tasks')
      .values({
        id: `task${tag}`,
        user_id: id,
        type: 'offline',
        name: 'film.mkv',
        phase: 'PHASE_TYPE_PENDING',
        progress: 0,
        file_id: '',
        file_name: '',
        file_size: 0,
        message_key: '',
        params: '{}',
        status_size: 1,
        created_at: now,
        updated_at: now,
        source_url: 'magnet:?xt=urn:btih:0000000000000000000000000000000000000000',
      })
      .execute();
    await db()
      .insertInto('torrent_sources')
      .values({ task_id: `task${tag}`, torrent: null, files: null })
      .execute();
    await db()
      .insertInto('two_factors')
      .values({
        user_id: id,
        secret_box: 'x',
        // Set-up pending: the member signs in (and takes their account back) without a code.
        enabled_at: null,
        last_step: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db()
      .insertInto('two_factor_recovery_codes')
      .values({ id: `rc${tag}`, user_id: id, code_hash: `h${tag}`, used_at: null, created_at: now })
      .execute();
    await db()
      .insertInto('verifications')
      .values({
        id: `v${tag}`,
        email,
        usage: 'PASSWORD_RESET',
        client_id: 'web',
        code_hash: `c${tag}`,
        attempts: 0,
        expires_at: now,
        consumed_at: null,
        verification_token_hash: null,
        token_expires_at: null,
        token_consumed_at: null,
        created_at: now,
      })
      .execute();
    await db()
      .insertInto('verifications')
      .values({
        id: `vc${tag}`,
        email: `moving-${tag}@example.net`,
        usage: 'EMAIL_CHANGE',
        user_id: id,
        client_id: 'web',
        code_hash: `cc${tag}`,
        attempts: 0,
        expires_at: now,
        consumed_at: null,
        verification_token_hash: null,
        token_expires_at: null,
        token_consumed_at: null,
        created_at: now,
      })
      .execute();
    await db()
      .insertInto('auth_failures')
      .values({
        scope: 'account',
        subject: email,
        failures: 1,
        window_started_at: now,
        last_failure_at: now,
        locked_until: null,
      })
      .execute();
    await db()
      .insertInto('mail_unsubscribes')
      .values({ email, scene: 'membership_expiring', created_at: now })
      .execute();
    await db()
      .insertInto('invite_codes')
      .values({ user_id: id, code: `INV${tag}`, created_at: now })
      .execute();
    await db()
      .insertInto('activity_grants')
      .values({
        user_id: other.user.id,
        activity: `invite-${tag}`,
        days: 3,
        inviter_id: id,
        inviter_days: 3,
        address_hash: '',
        created_at: now,
      })
      .execute();
    await db()
      .insertInto('activation_codes')
      .values({
        id: `code${tag}`,
        code_hash: `hash${tag}`,
        type: 'platinum',
        days: 7,
        uses_left: 1,
        max_uses: 1,
        expires_at: null,
        user_id: id,
        note: '',
        created_at: now,
      })
      .execute();
    await db()
      .insertInto('payments')
      .values({
        id: `pay${tag}`,
        user_id: id,
        provider: 'stripe',
        reference: `pi_${tag}`,
        status: 'paid',
        amount: 500,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db()
      .insertInto('payment_customers')
      .values({ user_id: id, provider: 'stripe', customer_id: `cus_${tag}`, created_at: now })
      .execute();
    await db()
      .insertInto('analytics_events')
      .values({
        id: `ev${tag}`,
        event: 'page_view',
        page: '/drive/all',
        client_id: 'web',
        client_type: 'web',
        language_system: 'en',
        language_web: 'en',
        user_type: 1,
        source: '',
        scene: '',
        referer_list: '',
        device_hash: '',
        user_id: id,
        country: '',
        address_hash: '',
        props: '{}',
        created_at: now,
      })
      .execute();
    await db()
      .insertInto('share_reports')
      .values({
        id: `rep${tag}`,
        share_id: share.share_id,
        reporter_id: other.user.id,
        reporter_address: '',
        share_user_id: id,
        file_ids: '[]',
        gcids: '[]',
        reason: 'spam',
        created_at: now,
        reviewed_at: null,
      })
      .execute();
    await db()
      .insertInto('share_decisions')
      .values({
        id: `dec${tag}`,
        share_id: share.share_id,
        sharer_id: id,
        action: 'keep',
        reason_code: '',
        note: '',
        content_wide: 0,
        sharer_status_before: null,
        moderator_id: other.user.id,
        created_at: now,
        undone_at: null,
        undone_by: null,
      })
      .execute();
    await db()
      .insertInto('member_roles')
      .values({ user_id: id, role: 'moderator', created_at: now })
      .execute();
    await db()
      .insertInto('activation_batches')
      .values({ id: `batch${tag}`, note: '', count: 0, created_by: id, created_at: now })
      .execute();
    await db()
      .insertInto('file_moderation')
      .values({ file_id: own.id, status: 'OK', updated_by: id, updated_at: now })
      .execute();
    await db()
      .insertInto('data_exports')
      .values({
        id: `exp${tag}`,
        user_id: id,
        active_user_id: null,
        phase: 'ready',
        lease_owner: null,
        lease_until: null,
        account_json: JSON.stringify({ email }),
        requested_at: now,
        updated_at: now,
        expires_at: now,
      })
      .execute();
    await db()
      .insertInto('data_export_entries')
      .values({
        export_id: `exp${tag}`,
        seq: 0,
        path: 'drive/own.txt',
        kind: 'file',
        sha256: own.sha256,
        size: 10,
        modified_at: now,
      })
      .execute();
    if (!(await t.container.blobs.addReference(own.sha256!))) {
      throw new Error('the export entry holds no reference');
    }
    await db()
      .insertInto('setting_history')
      .values({
        id: `set${tag}`,
        name: 'banner',
        before: null,
        after: '{}',
        actor_id: id,
        reason: 'launch',
        reverts: '',
        created_at: now,
      })
      .execute();
    await db()
      .insertInto('dav_locks')
      .values({
        token: `opaquelocktoken:${tag}`,
        user_id: id,
        segments: '["Docs"]',
        path_key: 'docs',
        path_hash: createHash('sha256').update('docs').digest('hex'),
        depth: '0',
        scope: 'exclusive',
        owner_xml: '',
        timeout_seconds: 60,
        expires_at: now,
      })
      .execute();
    await db()
      .insertInto('dav_properties')
      .values({ file_id: own.id, ns: 'urn:x', name: 'color', value: '<x>red</x>' })
      .execute();
  }

  async function requestDeletion(member: Member): Promise<void> {
    const token = await signIn(t, member.user.email, member.user.password);
    const headers = { authorization: `Bearer ${token.access_token}` };
    ok(await post(t, '/v1/user/deletion', { password: member.user.password }, headers));
  }

  async function purgePass(): Promise<number> {
    let tried = 0;
    for (let count = await t.container.accountPurge.purgeBatch(); count > 0;) {
      tried += count;
      count = await t.container.accountPurge.purgeBatch();
    }
    return tried;
  }

  it('purges a member past the grace, leaving no row that names them and the blob references right; members within the grace or who came back keep everything', async () => {
    const grace = t.config.ACCOUNT_DELETION_GRACE_DAYS * day;
    const other = await signedInMember(t);
    await storeFile(t, other.user.id, 'common.txt', 'content everyone holds');
    const gone = await signedInMember(t);
    const back = await signedInMember(t);
    const within = await signedInMember(t);
    const renewing = await signedInMember(t);
    for (const [index, member] of [gone, back, within, renewing].entries()) {
      await populate(member, other, String(index));
    }
    await db()
      .insertInto('payment_subscriptions')
      .values({
        id: 'sub_renewing',
        user_id: renewing.user.id,
        provider: 'stripe',
        product_id: 'monthly',
        interval: 'month',
        status: 'active',
        current_period_end: new Date(clock.now().getTime() + 30 * day).toISOString(),
        cancel_at_period_end: 0,
        grace_ends_at: '',
        state_at: stamp(),
        created_at: stamp(),
      })
      .execute();
    const ownSha = (
      await db()
        .selectFrom('files')
        .select('sha256')
        .where('user_id', '=', gone.user.id)
        .where('name', '=', 'own.txt')
        .executeTakeFirstOrThrow()
    ).sha256!;

    await requestDeletion(gone);
    await requestDeletion(back);
    await requestDeletion(renewing);
    clock.advance(day);
    ok(
      await post(t, '/v1/auth/signin', {
        client_id: 'tv',
        username: back.user.email,
        password: back.user.password,
        cancel_deletion: true,
      }),
    );
    clock.advance(grace - 2 * day);
    await requestDeletion(within);
    clock.advance(2 * day);

    const kept = () =>
      rowsNamingEach(
        [back, within, renewing].flatMap((member) => [member.user.id, member.user.email]),
      );
    const keptBefore = await kept();
    expect(keptBefore[0]).toMatchObject({ users: 1, files: 4, shares: 1, sessions: 3 });
    // The member to purge is named all over the schema before.
    expect(Object.keys(await rowsNaming(gone.user.id)).length).toBeGreaterThanOrEqual(20);
    const auditBefore = await db().selectFrom('audit_log').selectAll().execute();

    expect(await purgePass()).toBe(2);

    expect(await rowsNaming(gone.user.email)).toEqual({});
    // The audit log keeps its rows: the purge's own, naming the member by id only.
    expect(await rowsNaming(gone.user.id)).toEqual({ audit_log: 1 });
    const audit = await db().selectFrom('audit_log').selectAll().execute();
    expect(audit.length).toBe(auditBefore.length + 1);
    expect(audit.find((row) => row.target_id === gone.user.id)).toMatchObject({
      actor_id: 'account-purge',
      action: 'members.purge',
      target_kind: 'user',
    });
    expect(await kept()).toEqual(keptBefore);
    // Another member's reward from the purged member's invitation stays theirs.
    expect(
      await db()
        .selectFrom('activity_grants')
        .select('inviter_id')
        .where('activity', '=', 'invite-0')
        .execute(),
    ).toEqual([{ inviter_id: null }]);
    // The payment stays for the books, no longer the member's.
    expect(
      await db().selectFrom('payments').select('user_id').where('id', '=', 'pay0').execute(),
    ).toEqual([{ user_id: null }]);
    expect(logged).toContainEqual(
      expect.objectContaining({ userId: renewing.user.id, reason: 'subscription_renews' }),
    );

    const refs = await referenceCounts();
    expect(refs.counted).toEqual(refs.held);
    await t.container.blobs.collectGarbage({ graceMs: 0 });
    expect(await t.container.blobStore.exists(ownSha)).toBe(false);
    const blobReport = await verifyBlobs({
      store: t.container.blobStore,
      blobs: createBlobRepository(db()),
      now: clock.now,
    });
    expect(blobReport.problems).toEqual([]);
    expect(blobReport.unreferenced).toBe(0);
    const usage = await verifyUsage(createUsageRepository(db()), { fix: false, now: clock.now });
    expect(usage.mismatches).toEqual([]);

    // A second run finds nothing more to do.
    const rowsAfter = await kept();
    expect(await purgePass()).toBe(1);
    expect(await kept()).toEqual(rowsAfter);
    expect((await db().selectFrom('audit_log').selectAll().execute()).length).toBe(audit.length);
  });
});
