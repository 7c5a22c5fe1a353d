import { sql, type Kysely } from 'kysely';

/**
 * A data export's download resumes from the entry a Range starts in (docs/accounts.md#exporting-your-data):
 * each entry of a manifest keeps the CRC-32 of its bytes, taken when the export is built, and the
 * offset of its local header in the zip, so the archive is laid out without reading any blob
 * before the one a Range starts in. Exports made ready before have neither: they end here as
 * expired (their manifests and blob references go, as at their expiry), and their members ask
 * again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const at = new Date().toISOString();
  await sql`
    update blobs set ref_count = case when blobs.ref_count >= c.n then blobs.ref_count - c.n else 0 end, updated_at = ${at}
    from (select sha256 as s, count(*) as n from data_export_entries
      where sha256 is not null group by sha256) c
    where blobs.sha256 = c.s`.execute(db);
  await sql`delete from data_export_entries`.execute(db);
  await sql`update data_exports set phase = 'expired', account_json = '', updated_at = ${at}
    where phase = 'ready'`.execute(db);
  await db.schema
    .alterTable('data_export_entries')
    .addColumn('crc32', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('data_export_entries')
    .addColumn('header_offset', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('data_export_entries').dropColumn('header_offset').execute();
  await db.schema.alterTable('data_export_entries').dropColumn('crc32').execute();
}
