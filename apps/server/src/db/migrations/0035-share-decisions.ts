import type { Kysely } from 'kysely';

const time = 'varchar(32)';

/**
 * Moderators' decisions on reported shares (docs/api.md#moderation), each one undoable.
 *
 * - `share_decisions`: one decision on one share: `action` (`keep`, `sensitive_resource`,
 *   `sensitive_word`, `prohibited`, `block_sharer`), the `reason_code` the sharer is shown, the
 *   moderator's `note`, whether a takedown covers the same content everywhere (`content_wide`),
 *   the sharer's account status before a block, and `undone_at`/`undone_by` once undone.
 * - `share_decision_targets`: every share (`kind` `share`) and file (`kind` `file`) a decision
 *   changed, with the moderation state and reason it had before, so an undo puts them back.
 * - `content_bans`: SHA-256 of content taken down everywhere; a new share of those bytes is
 *   refused. One row per decision, removed by its undo.
 * - `shares.moderation_reason`: the reason code of the decision in force, shown to the sharer.
 * - `share_reports.decision_id`: the decision that closed a report (null: waiting in the queue).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('share_decisions')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('share_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('sharer_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('action', 'varchar(32)', (column) => column.notNull())
    .addColumn('reason_code', 'varchar(32)', (column) => column.notNull())
    .addColumn('note', 'varchar(1024)', (column) => column.notNull())
    .addColumn('content_wide', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('sharer_status_before', 'varchar(16)')
    .addColumn('moderator_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('created_at', time, (column) => column.notNull())
    .addColumn('undone_at', time)
    .addColumn('undone_by', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('share_decisions_share_idx')
    .on('share_decisions')
    .columns(['share_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('share_decision_targets')
    .addColumn('decision_id', 'varchar(32)', (column) =>
      column.notNull().references('share_decisions.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(8)', (column) => column.notNull())
    .addColumn('target_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('status_before', 'varchar(32)')
    .addColumn('reason_before', 'varchar(32)', (column) => column.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('share_decision_targets_pk', ['decision_id', 'kind', 'target_id'])
    .execute();

  await db.schema
    .createTable('content_bans')
    .addColumn('sha256', 'varchar(64)', (column) => column.notNull())
    .addColumn('decision_id', 'varchar(32)', (column) =>
      column.notNull().references('share_decisions.id').onDelete('cascade'),
    )
    .addColumn('created_at', time, (column) => column.notNull())
    .addPrimaryKeyConstraint('content_bans_pk', ['sha256', 'decision_id'])
    .execute();

  await db.schema
    .alterTable('shares')
    .addColumn('moderation_reason', 'varchar(32)', (column) => column.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('share_reports').addColumn('decision_id', 'varchar(32)').execute();
  await db.schema
    .createIndex('share_reports_open_idx')
    .on('share_reports')
    .columns(['decision_id', 'share_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('share_reports_open_idx').execute();
  await db.schema.alterTable('share_reports').dropColumn('decision_id').execute();
  await db.schema.alterTable('shares').dropColumn('moderation_reason').execute();
  await db.schema.dropTable('content_bans').execute();
  await db.schema.dropTable('share_decision_targets').execute();
  await db.schema.dropTable('share_decisions').execute();
}
