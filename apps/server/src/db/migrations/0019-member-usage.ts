import { sql, type Kysely } from 'kysely';

/**
 * `member_usage`: one row per member with the bytes of their complete files that are live
 * (`live_bytes`) and in the trash, or inside a trashed folder (`trash_bytes`). Every path that
 * adds or removes a file reference moves it inside its own transaction, so `about` reads one
 * row and the quota is checked at commit by a conditional update of that row
 * (`live_bytes + n <= limit`), which both databases make atomic. The counters start from the
 * sums of the files as they are now; `npm run verify` compares them with those sums later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member_usage')
    .addColumn('user_id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('live_bytes', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('trash_bytes', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .execute();
  await sql`
    insert into member_usage (user_id, live_bytes, trash_bytes, updated_at)
    select user_id,
      coalesce(sum(case when trashed = 0 then size else 0 end), 0),
      coalesce(sum(case when trashed <> 0 then size else 0 end), 0),
      ${new Date().toISOString()}
    from files
    where kind = 'file' and phase = 'PHASE_TYPE_COMPLETE'
    group by user_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_usage').execute();
}
