import type { Kysely } from 'kysely';

/**
 * Unfinished uploads in the bucket (docs/uploads.md, "In the bucket"): with `BLOB_STORE=s3` an
 * upload's bytes go to one S3 multipart upload (`multipart_id`) in parts of `part_size` bytes,
 * each part's ETag in `upload_parts` under the S3 part number it was sent with. Part numbers are
 * handed out once (`next_part`), so two nodes never write the same one; the bytes after the last
 * part wait in one object of their own (`tail_key`). Any node continues any such upload; rows with
 * `part_size` null keep their bytes on a node's disk, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('part_size', 'bigint').execute();
  await db.schema.alterTable('uploads').addColumn('multipart_id', 'varchar(1024)').execute();
  await db.schema
    .alterTable('uploads')
    .addColumn('next_part', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('uploads').addColumn('tail_key', 'varchar(200)').execute();
  await db.schema
    .createTable('upload_parts')
    .addColumn('upload_id', 'varchar(32)', (column) =>
      column.notNull().references('uploads.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('part_number', 'integer', (column) => column.notNull())
    .addColumn('etag', 'varchar(200)', (column) => column.notNull())
    .addColumn('size', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('upload_parts_pk', ['upload_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upload_parts').execute();
  for (const column of ['tail_key', 'next_part', 'multipart_id', 'part_size']) {
    await db.schema.alterTable('uploads').dropColumn(column).execute();
  }
}
