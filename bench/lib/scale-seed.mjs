// The scale bench's database: members, their files, blobs, usage counters and shares written
// into a PostgreSQL schema with COPY (psql's `COPY … FROM STDIN`, fed by this process), the way
// a bulk load is done: the secondary indexes and the foreign key of `files` are dropped first and
// made again from their own definitions afterwards, then the tables are vacuumed and analysed.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';

const fileColumns =
  'id, user_id, parent_id, kind, name, name_key, size, sha256, gcid, mime_type, file_extension, file_category, phase, starred, trashed, created_at, modified_at, params, folder_type';

const kinds = [
  ['jpg', 'image/jpeg', 'IMAGE'],
  ['mp4', 'video/mp4', 'VIDEO'],
  ['pdf', 'application/pdf', 'DOCUMENT'],
  ['txt', 'text/plain', 'TEXT'],
  ['zip', 'application/zip', 'ARCHIVE'],
];
const words = ['holiday', 'Report', 'scan', 'IMG', 'draft', 'Музыка', '写真', 'invoice', 'notes'];
const yearMs = 365 * 24 * 3600 * 1000;

/** Ids as the server makes them (random base64url), drawn from one buffer per chunk. */
function idMaker() {
  let pool = Buffer.alloc(0);
  let at = 0;
  return () => {
    if (at + 12 > pool.length) {
      pool = randomBytes(12 * 4096);
      at = 0;
    }
    at += 12;
    return pool.subarray(at - 12, at).toString('base64url');
  };
}

/** A COPY of `table` from this process through psql into the schema; answers write() and end(). */
function copyInto(url, schema, table, columns) {
  const psql = spawn(
    'psql',
    [url, '-v', 'ON_ERROR_STOP=1', '-qc', `copy ${table} (${columns}) from stdin`],
    {
      env: { ...process.env, PGOPTIONS: `-c search_path=${schema}` },
      stdio: ['pipe', 'ignore', 'pipe'],
    },
  );
  let errors = '';
  psql.stderr.on('data', (chunk) => (errors += chunk));
  const exited = new Promise((resolve, reject) => {
    psql.on('error', reject);
    psql.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`COPY ${table}: psql ${code} ${errors}`)),
    );
  });
  let buffered = [];
  const flush = async () => {
    if (buffered.length > 0 && !psql.stdin.write(buffered.join(''))) {
      await new Promise((resolve) => psql.stdin.once('drain', resolve));
    }
    buffered = [];
  };
  return {
    async row(values) {
      buffered.push(`${values.map((value) => (value === null ? '\\N' : value)).join('\t')}\n`);
      if (buffered.length >= 8192) {
        await flush();
      }
    },
    async end() {
      await flush();
      psql.stdin.end();
      await exited;
    },
  };
}

/**
 * The database of the bench in `schema` (already migrated by the server): `members` members of
 * the crowd, each with a share of `files` spread as folders of about ten files (a tenth of a
 * member's items are folders at its root, one of which it shares), and the bench's own members'
 * folders in `own` (`{ userId, folderId, name, count }`: a folder at the member's root holding
 * `count` files; its files' ids are pushed to `ids`). One blob for every ten files. Answers the
 * number of files written.
 */
export async function seedScale(client, { url, schema, members, files, own }) {
  const newId = idMaker();
  const now = Date.now();
  const stamp = new Date(now).toISOString();
  const blobCount = Math.max(1000, Math.floor(files / 10));
  const refs = new Uint32Array(blobCount);
  const sizeOf = (blob) => 1024 + ((blob * 7919) % 1_048_576);
  const shas = Array.from({ length: blobCount }, (_, blob) => digestOf('sha256', blob));
  const gcids = Array.from({ length: blobCount }, (_, blob) =>
    digestOf('sha1', blob).toUpperCase(),
  );
  let written = 0;
  let nextBlob = 0;

  // Bulk load: the secondary indexes and the foreign key of `files` go, and come back after.
  const { rows: indexes } = await client.query(
    `select indexname, indexdef from pg_indexes i where schemaname = $1 and tablename = 'files'
       and not exists (select from pg_constraint c where c.conname = i.indexname)`,
    [schema],
  );
  const { rows: keys } = await client.query(
    `select conname, pg_get_constraintdef(oid) as def from pg_constraint
       where conrelid = 'files'::regclass and contype = 'f'`,
  );
  for (const { conname } of keys) {
    await client.query(`alter table files drop constraint ${conname}`);
  }
  for (const { indexname } of indexes) {
    await client.query(`drop index ${indexname}`);
  }

  const copy = copyInto(url, schema, 'files', fileColumns);
  const usage = new Map();
  const fileRow = async (userId, parentId, index) => {
    const blob = nextBlob;
    nextBlob = (nextBlob + 1) % blobCount;
    refs[blob] += 1;
    const [extension, mime, category] = kinds[index % kinds.length];
    const name = `${words[index % words.length]} ${String(index).padStart(6, '0')}.${extension}`;
    const modified = new Date(now - ((index * 2_654_435_761) % yearMs)).toISOString();
    const id = newId();
    await copy.row([
      id,
      userId,
      parentId,
      'file',
      name,
      name.toLowerCase(),
      sizeOf(blob),
      shas[blob],
      gcids[blob],
      mime,
      extension,
      category,
      'PHASE_TYPE_COMPLETE',
      0,
      0,
      modified,
      modified,
      '{}',
      'NORMAL',
    ]);
    usage.set(userId, (usage.get(userId) ?? 0) + sizeOf(blob));
    written += 1;
    return id;
  };
  const folderRow = (userId, parentId, id, name) =>
    copy.row([
      id,
      userId,
      parentId,
      'folder',
      name,
      name.toLowerCase(),
      0,
      null,
      '',
      '',
      '',
      'OTHER',
      'PHASE_TYPE_COMPLETE',
      0,
      0,
      stamp,
      stamp,
      '{}',
      'NORMAL',
    ]);

  for (const folder of own) {
    await folderRow(folder.userId, '', folder.folderId, folder.name);
    for (let index = 0; index < folder.count; index += 1) {
      folder.ids.push(await fileRow(folder.userId, folder.folderId, index));
    }
  }
  const ownFiles = written;
  const crowd = [];
  const perMember = Math.max(1, Math.floor((files - ownFiles) / members));
  const folders = Math.max(1, Math.floor(perMember / 10));
  for (let member = 0; member < members; member += 1) {
    const userId = `scale${member.toString(36).padStart(6, '0')}`;
    const folderIds = Array.from({ length: folders }, () => newId());
    for (const [index, folderId] of folderIds.entries()) {
      await folderRow(userId, '', folderId, `folder ${index}`);
    }
    const count = member === members - 1 ? files - written : perMember - folders;
    for (let index = 0; index < count; index += 1) {
      await fileRow(userId, folderIds[index % folders], index);
    }
    crowd.push({ userId, shared: folderIds[0] });
  }
  await copy.end();

  const blobs = copyInto(
    url,
    schema,
    'blobs',
    'sha256, gcid, size, ref_count, created_at, updated_at',
  );
  for (let blob = 0; blob < blobCount; blob += 1) {
    await blobs.row([shas[blob], gcids[blob], sizeOf(blob), refs[blob], stamp, stamp]);
  }
  await blobs.end();

  const users = copyInto(
    url,
    schema,
    'users',
    'id, email, name, status, locale, created_at, updated_at',
  );
  const counters = copyInto(
    url,
    schema,
    'member_usage',
    'user_id, live_bytes, trash_bytes, updated_at',
  );
  const shares = copyInto(
    url,
    schema,
    'shares',
    'id, user_id, title, expiration_days, restore_limit, file_num, file_id, file_kind, created_at, updated_at',
  );
  for (const { userId, shared } of crowd) {
    await users.row([userId, `${userId}@scale.example`, userId, 'active', 'en-US', stamp, stamp]);
    await counters.row([userId, usage.get(userId) ?? 0, 0, stamp]);
    const shareId = `s${userId}`;
    await shares.row([shareId, userId, 'folder 0', -1, -1, 1, shared, 'folder', stamp, stamp]);
  }
  await Promise.all([users.end(), counters.end(), shares.end()]);
  // The items after their shares are committed (a foreign key).
  const items = copyInto(url, schema, 'share_items', 'share_id, file_id, position');
  for (const { userId, shared } of crowd) {
    await items.row([`s${userId}`, shared, 0]);
  }
  await items.end();
  for (const folder of own) {
    await client.query(
      `insert into member_usage (user_id, live_bytes, trash_bytes, updated_at) values ($1, $2, 0, $3)
         on conflict (user_id) do update set live_bytes = member_usage.live_bytes + excluded.live_bytes`,
      [folder.userId, usage.get(folder.userId) ?? 0, stamp],
    );
    usage.delete(folder.userId);
  }

  await client.query(`set maintenance_work_mem = '512MB'`);
  for (const { indexdef } of indexes) {
    await client.query(indexdef);
  }
  for (const { conname, def } of keys) {
    await client.query(`alter table files add constraint ${conname} ${def}`);
  }
  for (const table of ['files', 'blobs', 'users', 'member_usage', 'shares', 'share_items']) {
    await client.query(`vacuum analyze ${table}`);
  }
  return written;
}

/** The digest of a seeded blob's (notional) bytes: distinct per blob, stable across runs. */
function digestOf(algorithm, blob) {
  return createHash(algorithm).update(`scale blob ${blob}`).digest('hex');
}
