import type { Kysely } from 'kysely';

/**
 * The dashboard sums a period's daily rows per figure (docs/api.md#operator-console): an index
 * led by the figure and the day that holds the value too, so each sum reads only its figure's
 * rows from the index, never the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('statistics_daily_metric_idx')
    .on('statistics_daily')
    .columns(['metric', 'day', 'dimension', 'detail', 'value'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('statistics_daily_metric_idx').execute();
}
