import { sql, type Kysely } from 'kysely';
import type { EventType } from '@nimbus/contracts';
import { preparedQuery } from '../../db/prepared-query';
import type { Database } from '../../db/schema';

/** A new event row. */
export interface NewEvent {
  id: string;
  userId: string;
  type: EventType;
  fileId: string;
  params: Record<string, string>;
  createdAt: string;
}

/** An event as listed: the event and its file as the file is now (live files only). */
export interface EventView {
  id: string;
  type: EventType;
  fileId: string;
  fileName: string;
  fileKind: 'file' | 'folder';
  mimeType: string;
  fileCategory: string;
  params: Record<string, string>;
  createdAt: string;
}

/** A page request: the member's events of some types, after a position, newest first. */
export interface EventListQuery {
  userId: string;
  types: EventType[] | undefined;
  /** `[created_at, id]` of the last event of the previous page. */
  after: [string, string] | undefined;
  limit: number;
}

function parseParams(text: string): Record<string, string> {
  try {
    const value = JSON.parse(text) as unknown;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      return Object.fromEntries(
        Object.entries(value).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
    }
  } catch {
    // A damaged map reads as empty rather than failing the listing.
  }
  return {};
}

/**
 * Recent events of the drive. Listings join each event to its file, of the same member and not
 * in the trash, so events of trashed, deleted or others' files never show.
 */
/** One event's row (an upload's, in its commit): compiled once. */
const insertEventRow = preparedQuery(
  (
    db: Kysely<Database>,
    values: {
      id: string;
      userId: string;
      type: EventType;
      fileId: string;
      params: string;
      createdAt: string;
    },
  ) =>
    db.insertInto('events').values({
      id: values.id,
      user_id: values.userId,
      type: values.type,
      file_id: values.fileId,
      params: values.params,
      created_at: values.createdAt,
    }),
);

export function createEventRepository(db: Kysely<Database>) {
  return {
    async insert(events: NewEvent[]): Promise<void> {
      const [only] = events;
      if (only === undefined) {
        return;
      }
      if (events.length === 1) {
        await insertEventRow.execute(db, { ...only, params: JSON.stringify(only.params) });
        return;
      }
      await db
        .insertInto('events')
        .values(
          events.map((event) => ({
            id: event.id,
            user_id: event.userId,
            type: event.type,
            file_id: event.fileId,
            params: JSON.stringify(event.params),
            created_at: event.createdAt,
          })),
        )
        .execute();
    },

    /** Keeps only the member's `keep` newest events. */
    async prune(userId: string, keep: number): Promise<void> {
      const boundary = await db
        .selectFrom('events')
        .select(['created_at', 'id'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(keep)
        .limit(1)
        .executeTakeFirst();
      if (!boundary) {
        return;
      }
      await db
        .deleteFrom('events')
        .where('user_id', '=', userId)
        .where(
          sql<boolean>`(${sql.ref('created_at')}, ${sql.ref('id')}) <= (${boundary.created_at}, ${boundary.id})`,
        )
        .execute();
    },

    /** One page of the member's events of live files, newest first; one more row tells a next page. */
    async list(query: EventListQuery): Promise<EventView[]> {
      let select = db
        .selectFrom('events')
        .innerJoin('files', (join) =>
          join
            .onRef('files.id', '=', 'events.file_id')
            .onRef('files.user_id', '=', 'events.user_id'),
        )
        .select([
          'events.id as id',
          'events.type as type',
          'events.file_id as file_id',
          'events.params as params',
          'events.created_at as created_at',
          'files.name as file_name',
          'files.kind as file_kind',
          'files.mime_type as mime_type',
          'files.file_category as file_category',
        ])
        .where('events.user_id', '=', query.userId)
        .where('files.trashed', '=', 0);
      if (query.types !== undefined) {
        select =
          query.types.length === 0
            ? select.where(sql<boolean>`1 = 0`)
            : select.where('events.type', 'in', query.types);
      }
      if (query.after !== undefined) {
        select = select.where(
          sql<boolean>`(${sql.ref('events.created_at')}, ${sql.ref('events.id')}) < (${query.after[0]}, ${query.after[1]})`,
        );
      }
      const rows = await select
        .orderBy('events.created_at', 'desc')
        .orderBy('events.id', 'desc')
        .limit(query.limit + 1)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        type: row.type as EventType,
        fileId: row.file_id,
        fileName: row.file_name,
        fileKind: row.file_kind,
        mimeType: row.mime_type,
        fileCategory: row.file_category,
        params: parseParams(row.params),
        createdAt: row.created_at,
      }));
    },
  };
}

export type EventRepository = ReturnType<typeof createEventRepository>;
