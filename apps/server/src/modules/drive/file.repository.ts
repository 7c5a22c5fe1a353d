import {
  sql,
  type Kysely,
  type Insertable,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  type Transaction,
} from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { Database, FileTable } from '../../db/schema';
import { usageQueriesOn, type StorageUsage, type UsageDelta } from './usage.repository';

/** A file or folder row with numbers and booleans in their JavaScript types. */
export interface FileRecord {
  id: string;
  userId: string;
  parentId: string;
  kind: 'file' | 'folder';
  name: string;
  nameKey: string;
  size: number;
  sha256: string | null;
  gcid: string;
  mimeType: string;
  fileExtension: string;
  fileCategory: string;
  phase: string;
  starred: boolean;
  /** 0 live, 1 put in the trash, 2 inside a trashed folder. */
  trashed: 0 | 1 | 2;
  trashedAt: string | null;
  originalParentId: string | null;
  originalPath: string | null;
  createdAt: string;
  modifiedAt: string;
  params: Record<string, string>;
  /** Folders: `NORMAL`, or `DOWNLOAD` for the folder offline downloads land in. */
  folderType: 'NORMAL' | 'DOWNLOAD';
}

/** The row written for a new file or folder. */
export type NewFile = Omit<
  FileRecord,
  'trashed' | 'trashedAt' | 'originalParentId' | 'originalPath' | 'folderType'
> & {
  folderType?: FileRecord['folderType'];
};

/** A folder as a path shows it: its name and the folder it is in (`""` is the root). */
export interface FolderLink {
  id: string;
  name: string;
  parentId: string;
}

/** Columns a listing can sort, filter or page by. */
export type FileColumn =
  | 'name_key'
  | 'modified_at'
  | 'size'
  | 'file_extension'
  | 'kind'
  | 'id'
  | 'starred'
  | 'trashed'
  | 'phase'
  | 'file_category'
  | 'created_at';

/** One condition of a listing: `column op value`, or a case-folded prefix of `name_key`. */
export type FileCondition =
  | { column: FileColumn; op: '=' | '>' | '<'; value: string | number }
  | { column: FileColumn; op: 'in'; value: (string | number)[] }
  | { column: 'name_key'; op: 'prefix' | 'contains'; value: string };

/** One key of a listing's order. */
export interface SortKey {
  column: FileColumn;
  direction: 'asc' | 'desc';
}

/** A page request: where (a folder, `*` for all), what, in which order, after which row. */
export interface FileListQuery {
  userId: string;
  parentId: string;
  conditions: FileCondition[];
  order: SortKey[];
  /** The sort-key values of the last row of the previous page, in `order`'s order. */
  after: (string | number)[] | undefined;
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

/** The row of a new, live file or folder. */
export function newFileRow(file: NewFile): Insertable<FileTable> {
  return {
    id: file.id,
    user_id: file.userId,
    parent_id: file.parentId,
    kind: file.kind,
    name: file.name,
    name_key: file.nameKey,
    size: file.size,
    sha256: file.sha256,
    gcid: file.gcid,
    mime_type: file.mimeType,
    file_extension: file.fileExtension,
    file_category: file.fileCategory,
    phase: file.phase,
    starred: file.starred ? 1 : 0,
    trashed: 0,
    trashed_at: null,
    original_parent_id: null,
    original_path: null,
    created_at: file.createdAt,
    modified_at: file.modifiedAt,
    params: JSON.stringify(file.params),
    folder_type: file.folderType ?? 'NORMAL',
  };
}

function toRecord(row: Selectable<FileTable>): FileRecord {
  return {
    id: row.id,
    userId: row.user_id,
    parentId: row.parent_id,
    kind: row.kind,
    name: row.name,
    nameKey: row.name_key,
    // PostgreSQL answers bigint as a string; sizes stay far below 2^53.
    size: Number(row.size),
    sha256: row.sha256,
    gcid: row.gcid,
    mimeType: row.mime_type,
    fileExtension: row.file_extension,
    fileCategory: row.file_category,
    phase: row.phase,
    starred: row.starred === 1,
    trashed: row.trashed === 1 ? 1 : row.trashed === 2 ? 2 : 0,
    trashedAt: row.trashed_at,
    originalParentId: row.original_parent_id,
    originalPath: row.original_path,
    createdAt: row.created_at,
    modifiedAt: row.modified_at,
    params: parseParams(row.params),
    folderType: row.folder_type === 'DOWNLOAD' ? 'DOWNLOAD' : 'NORMAL',
  };
}

/** The value of a sort column of a record, as a page token keeps it. */
export function sortValueOf(record: FileRecord, column: FileColumn): string | number {
  switch (column) {
    case 'name_key':
      return record.nameKey;
    case 'modified_at':
      return record.modifiedAt;
    case 'created_at':
      return record.createdAt;
    case 'size':
      return record.size;
    case 'file_extension':
      return record.fileExtension;
    case 'kind':
      return record.kind;
    case 'id':
      return record.id;
    case 'starred':
      return record.starred ? 1 : 0;
    case 'trashed':
      return record.trashed;
    case 'phase':
      return record.phase;
    case 'file_category':
      return record.fileCategory;
  }
}

/** `%` and `_` are wildcards of LIKE; the text itself is matched literally. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

function conditionSql(condition: FileCondition): RawBuilder<SqlBool> {
  const column = sql.ref(condition.column);
  switch (condition.op) {
    case 'prefix':
      return sql<SqlBool>`${column} like ${`${likeEscaped(condition.value)}%`} escape '\\'`;
    case 'contains':
      return sql<SqlBool>`${column} like ${`%${likeEscaped(condition.value)}%`} escape '\\'`;
    case 'in':
      return condition.value.length === 0
        ? sql<SqlBool>`1 = 0`
        : sql<SqlBool>`${column} in (${sql.join(condition.value)})`;
    case '=':
      return sql<SqlBool>`${column} = ${condition.value}`;
    case '>':
      return sql<SqlBool>`${column} > ${condition.value}`;
    case '<':
      return sql<SqlBool>`${column} < ${condition.value}`;
  }
}

/**
 * The keyset condition "after this row" for keys of one direction: a row-value comparison,
 * which both databases turn into the start of an index range scan (never an offset).
 */
function afterSql(order: SortKey[], values: (string | number)[]): RawBuilder<SqlBool> {
  const columns = sql.join(order.map((key) => sql.ref(key.column)));
  const operator = order[0]?.direction === 'desc' ? sql`<` : sql`>`;
  return sql<SqlBool>`(${columns}) ${operator} (${sql.join(values)})`;
}

function isUniqueViolationError(error: unknown): boolean {
  if (error === null || typeof error !== 'object') {
    return false;
  }
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** A member's item by id, read on every call about one file: compiled once. */
const ownedFileById = preparedQuery(
  (db: Kysely<Database>, values: { userId: string; id: string }) =>
    db
      .selectFrom('files')
      .selectAll()
      .where('user_id', '=', values.userId)
      .where('id', '=', values.id),
);

/** The live item of a folder under a name, read by every create, rename and move: compiled once. */
const liveFileByName = preparedQuery(
  (db: Kysely<Database>, values: { userId: string; parentId: string; nameKey: string }) =>
    db
      .selectFrom('files')
      .selectAll()
      .where('user_id', '=', values.userId)
      .where('parent_id', '=', values.parentId)
      .where('name_key', '=', values.nameKey)
      .where('trashed', '=', 0),
);

/** A new row of `files` (every create and upload writes one): compiled once. */
const insertFileRow = preparedQuery((db: Kysely<Database>, values: Insertable<FileTable>) =>
  db.insertInto('files').values(values),
);

function repositoryOn(db: Kysely<Database> | Transaction<Database>) {
  const usage = usageQueriesOn(db);
  const owned = (userId: string) =>
    db.selectFrom('files').selectAll().where('user_id', '=', userId);

  function segmentQuery(
    query: FileListQuery,
    order: SortKey[],
    kind: 'file' | 'folder' | undefined,
    after: (string | number)[] | undefined,
    limit: number,
  ) {
    let select = owned(query.userId);
    if (query.parentId !== '*') {
      select = select.where('parent_id', '=', query.parentId);
    }
    if (kind !== undefined) {
      select = select.where('kind', '=', kind);
    }
    for (const condition of query.conditions) {
      // In one folder, `trashed` only filters: written as `trashed + 0` it cannot lead SQLite to
      // the `(user_id, trashed, column, id)` index of the every-folder listings, which matches as
      // many equalities as the folder's own index but walks every item of the drive (100 ms for a
      // small folder of a 100,000-file drive, instead of 2 ms).
      select = select.where(
        query.parentId !== '*' && condition.column === 'trashed' && condition.op === '='
          ? sql<SqlBool>`${sql.ref('trashed')} + 0 = ${condition.value}`
          : conditionSql(condition),
      );
    }
    if (after !== undefined) {
      select = select.where(afterSql(order, after));
    }
    for (const key of order) {
      select = select.orderBy(sql.ref(key.column), key.direction);
    }
    return select.limit(limit);
  }

  async function segment(
    query: FileListQuery,
    order: SortKey[],
    kind: 'file' | 'folder' | undefined,
    after: (string | number)[] | undefined,
    limit: number,
  ): Promise<FileRecord[]> {
    return (await segmentQuery(query, order, kind, after, limit).execute()).map(toRecord);
  }

  /**
   * A folder's page in an order without folders first: its folders and its files, each a keyset
   * range of a `(user_id, parent_id, kind, column, id)` index, merged in one query (`union all`
   * of the two ranges, sorted again: at most `2 x limit` rows). The folder indexes are the only
   * per-folder ones, so each new row writes fewer index entries.
   */
  async function mergedSegments(query: FileListQuery, limit: number): Promise<FileRecord[]> {
    const part = (kind: 'file' | 'folder') =>
      db
        .selectFrom(segmentQuery(query, query.order, kind, query.after, limit).as(kind))
        .selectAll();
    let select = part('folder').unionAll(part('file'));
    for (const key of query.order) {
      select = select.orderBy(sql.ref(key.column), key.direction);
    }
    return (await select.limit(limit).execute()).map(toRecord);
  }

  return {
    /** The member's item with this id, in any state; undefined when absent or another's. */
    async findOwned(userId: string, id: string): Promise<FileRecord | undefined> {
      const [row] = await ownedFileById.execute(db, { userId, id });
      return row === undefined ? undefined : toRecord(row);
    },

    /** The member's items among `ids` (absent and others' ids are left out). */
    async findManyOwned(userId: string, ids: string[]): Promise<FileRecord[]> {
      if (ids.length === 0) {
        return [];
      }
      return (await owned(userId).where('id', 'in', ids).execute()).map(toRecord);
    },

    /** The live item of a folder with this case-folded name. */
    async findLiveByName(
      userId: string,
      parentId: string,
      nameKey: string,
    ): Promise<FileRecord | undefined> {
      const [row] = await liveFileByName.execute(db, { userId, parentId, nameKey });
      return row === undefined ? undefined : toRecord(row);
    },

    /** Case-folded names of the live items of a folder that start with `prefix`. */
    async liveNameKeysWithPrefix(
      userId: string,
      parentId: string,
      prefix: string,
    ): Promise<string[]> {
      const rows = await db
        .selectFrom('files')
        .select('name_key')
        .where('user_id', '=', userId)
        .where('parent_id', '=', parentId)
        .where('trashed', '=', 0)
        .where(conditionSql({ column: 'name_key', op: 'prefix', value: prefix }))
        .execute();
      return rows.map((row) => row.name_key);
    },

    /**
     * The member's folders among `ids` and every folder above them, up to the root, in one
     * recursive query however many items and levels (the paths of a page of search results).
     */
    async folderChains(userId: string, ids: string[]): Promise<FolderLink[]> {
      if (ids.length === 0) {
        return [];
      }
      const result = await sql<{ id: string; name: string; parent_id: string }>`
        with recursive chain(id) as (
          select id from files where user_id = ${userId} and id in (${sql.join(ids)})
          union
          select f.parent_id from chain cross join files f
          where f.user_id = ${userId} and f.id = chain.id and f.parent_id <> ''
        )
        select files.id, files.name, files.parent_id from chain cross join files
        where files.id = chain.id and files.user_id = ${userId} and files.kind = 'folder'`.execute(
        db,
      );
      return result.rows.map((row) => ({ id: row.id, name: row.name, parentId: row.parent_id }));
    },

    /** Every child (any state) of the given folders. */
    async childrenOf(userId: string, parentIds: string[]): Promise<FileRecord[]> {
      if (parentIds.length === 0) {
        return [];
      }
      return (await owned(userId).where('parent_id', 'in', parentIds).execute()).map(toRecord);
    },

    /** Items of any member put in the trash before `before`, oldest first (retention purge). */
    async listTrashedBefore(before: string, limit: number): Promise<FileRecord[]> {
      return (
        await db
          .selectFrom('files')
          .selectAll()
          .where('trashed', '=', 1)
          .where('trashed_at', '<', before)
          .orderBy('trashed_at')
          .limit(limit)
          .execute()
      ).map(toRecord);
    },

    /** The member's oldest live folder of a type (`DOWNLOAD`: where offline downloads land). */
    async findLiveFolderOfType(
      userId: string,
      folderType: 'DOWNLOAD',
    ): Promise<FileRecord | undefined> {
      // The type as a literal: it matches the predicate of the partial index of such folders
      // (`files_download_folder_idx`), which SQLite only uses for a literal.
      const row = await owned(userId)
        .where(sql<SqlBool>`${sql.ref('folder_type')} = ${sql.lit(folderType)}`)
        .where('kind', '=', 'folder')
        .where('trashed', '=', 0)
        .orderBy('created_at')
        .orderBy('id')
        .executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
    },

    /** The member's items that are in the trash themselves (not only inside a trashed folder). */
    async listTrashed(userId: string): Promise<FileRecord[]> {
      return (await owned(userId).where('trashed', '=', 1).execute()).map(toRecord);
    },

    async insert(file: NewFile): Promise<void> {
      await insertFileRow.execute(db, newFileRow(file));
    },

    /** Changes columns of the member's items. */
    async update(
      userId: string,
      ids: string[],
      patch: Partial<
        Pick<
          Selectable<FileTable>,
          | 'parent_id'
          | 'name'
          | 'name_key'
          | 'file_extension'
          | 'file_category'
          | 'starred'
          | 'trashed'
          | 'trashed_at'
          | 'original_parent_id'
          | 'original_path'
          | 'modified_at'
        >
      >,
    ): Promise<void> {
      if (ids.length === 0) {
        return;
      }
      await db
        .updateTable('files')
        .set(patch)
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .execute();
    },

    async delete(userId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) {
        return;
      }
      await db.deleteFrom('files').where('user_id', '=', userId).where('id', 'in', ids).execute();
    },

    /**
     * One page of a listing, keyset-paginated; one row more than `limit` tells a next page
     * exists. Folders first (`kind` descending ahead of the order) is read as two segments,
     * folders then files, each a plain keyset range of the `(…, kind, column, id)` indexes; a
     * folder in another order reads the same two ranges merged (`mergedSegments`).
     */
    async list(query: FileListQuery): Promise<FileRecord[]> {
      const [first, ...rest] = query.order;
      if (first?.column !== 'kind') {
        return query.parentId === '*'
          ? segment(query, query.order, undefined, query.after, query.limit + 1)
          : mergedSegments(query, query.limit + 1);
      }
      const afterKind = query.after?.[0];
      const rows: FileRecord[] = [];
      for (const kind of ['folder', 'file'] as const) {
        if (afterKind === 'file' && kind === 'folder') {
          continue;
        }
        const after = afterKind === kind ? query.after?.slice(1) : undefined;
        rows.push(...(await segment(query, rest, kind, after, query.limit + 1 - rows.length)));
        if (rows.length > query.limit) {
          break;
        }
      }
      return rows;
    },

    /**
     * The member's storage counters (bytes of complete files live and in the trash): one row,
     * kept exact by every change of the member's files (`adjustUsage`).
     */
    async usage(userId: string): Promise<StorageUsage> {
      return usage.read(userId);
    },

    /** Takes the member's counter row first in a transaction that reads then changes their files. */
    async lockUsage(userId: string, now: Date): Promise<void> {
      await usage.lock(userId, now);
    },

    /**
     * Moves the member's counters in this transaction; with `limit`, bytes added live must fit
     * (atomically) or nothing changes and it answers false. The one call every path that adds
     * or removes complete files makes (uploads, copies, saves from shares, offline downloads,
     * trash, untrash, deletes, the trash purge).
     */
    async adjustUsage(
      userId: string,
      delta: UsageDelta,
      now: Date,
      options: { limit?: number } = {},
    ): Promise<boolean> {
      return usage.adjust(userId, delta, now, options);
    },

    /** One more reference to a stored blob, in this transaction; false when there is no row. */
    async addBlobReference(sha256: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('blobs')
        .set({ ref_count: sql<number>`ref_count + 1`, updated_at: now.toISOString() })
        .where('sha256', '=', sha256)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Another module's queries on this connection (inside `transaction`, on its transaction): a
     * row of theirs is written in the same commit as the files'.
     */
    on<T>(queriesOn: (connection: Kysely<Database>) => T): T {
      return queriesOn(db);
    },

    /** One reference fewer to a blob, in this transaction, never below zero. */
    async releaseBlobReference(sha256: string, now: Date): Promise<void> {
      await db
        .updateTable('blobs')
        .set({ ref_count: sql<number>`ref_count - 1`, updated_at: now.toISOString() })
        .where('sha256', '=', sha256)
        .where('ref_count', '>', 0)
        .execute();
    },
  };
}

/** Queries of one transaction (or of the pool outside one). */
export type FileQueries = ReturnType<typeof repositoryOn>;

/**
 * Files and folders. Every query is scoped to one member; batch changes run in one transaction
 * together with the blob reference counts they move, so a batch is atomic.
 */
export function createFileRepository(db: Kysely<Database>) {
  return {
    ...repositoryOn(db),
    /** Runs `work` in one transaction; a unique-name race is retried by the caller. */
    async transaction<T>(work: (queries: FileQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(repositoryOn(trx)));
    },
    isUniqueViolation: isUniqueViolationError,
  };
}

export type FileRepository = ReturnType<typeof createFileRepository>;

/** File queries on a connection or a transaction another module opened (shares save into drives). */
export const fileQueriesOn = repositoryOn;

/** Maps a `files` row read by another module's query. */
export const toFileRecord = toRecord;
