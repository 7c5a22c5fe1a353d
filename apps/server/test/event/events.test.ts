import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileRecord } from '../../src/modules/drive/file.repository';
import { createEventRepository } from '../../src/modules/event/event.repository';
import { createEventService } from '../../src/modules/event/event.service';
import { buildTestApp, dialects, errorOf, ok, testClock, type TestApp } from '../helper';
import { signedInMember } from '../identity';

/** An event of `GET /drive/v1/events` as the tests read it. */
interface EventBody {
  kind: 'drive#event';
  id: string;
  type: string;
  type_name: string;
  file_id: string;
  file_name: string;
  file_kind: string;
  file_category: string;
  mime_type: string;
  icon_link: string;
  thumbnail_link: string;
  params: Record<string, string>;
  created_time: string;
}

interface EventListBody {
  events: EventBody[];
  next_page_token: string;
}

describe.each(dialects)('the recent events API on %s', (dialect) => {
  let t: TestApp;
  let clock = testClock();

  beforeEach(async () => {
    clock = testClock();
    t = await buildTestApp(dialect, {}, { now: clock.now });
  });
  afterEach(async () => {
    await t.close();
  });

  type Headers = Record<string, string>;

  const member = () => signedInMember(t);

  function call(
    headers: Headers,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: Record<string, unknown>,
  ) {
    return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  }

  async function storedFile(
    userId: string,
    name: string,
    content: string,
    mimeType = '',
  ): Promise<FileRecord> {
    const digest = await t.container.blobs.ingest(Readable.from([Buffer.from(content)]));
    return t.container.files.createFile(userId, { name, parentId: '', blob: digest, mimeType });
  }

  async function events(
    headers: Headers,
    query: Record<string, string> = {},
  ): Promise<EventListBody> {
    return ok<EventListBody>(
      await call(headers, 'GET', `/drive/v1/events?${new URLSearchParams(query).toString()}`),
    );
  }

  it("records a restore from the trash as TYPE_RESTORE, named in the caller's language", async () => {
    const { user, headers } = await member();
    const photo = await storedFile(user.id, 'photo.png', 'png', 'image/png');
    expect((await events(headers)).events).toEqual([]);
    ok(await call(headers, 'POST', '/drive/v1/files:batchTrash', { ids: [photo.id] }));
    clock.advance(1000);
    ok(await call(headers, 'POST', '/drive/v1/files:batchUntrash', { ids: [photo.id] }));
    const listed = await events(headers);
    // The thumbnail is the one the file listing gives the same file.
    const inListing = ok<{ files: { id: string; thumbnail_link: string }[] }>(
      await call(headers, 'GET', '/drive/v1/files?parent_id='),
    );
    const thumbnailLink =
      inListing.files.find((file) => file.id === photo.id)?.thumbnail_link ?? '';
    expect(thumbnailLink).not.toBe('');
    expect(listed.next_page_token).toBe('');
    expect(listed.events[0]?.id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(listed.events).toEqual([
      {
        kind: 'drive#event',
        id: listed.events[0]?.id,
        type: 'TYPE_RESTORE',
        type_name: 'Restored',
        file_id: photo.id,
        file_name: 'photo.png',
        file_kind: 'drive#file',
        file_category: 'IMAGE',
        mime_type: 'image/png',
        icon_link: '',
        thumbnail_link: thumbnailLink,
        params: {},
        created_time: '2030-01-01T00:00:01.000Z',
      },
    ]);
    const japanese = ok<EventListBody>(
      await t.app.inject({
        method: 'GET',
        url: '/drive/v1/events',
        headers: { ...headers, 'accept-language': 'ja' },
      }),
    );
    expect(japanese.events[0]?.type_name).toBe('復元');
    // The event shows the file as it is now.
    ok(await call(headers, 'PATCH', `/drive/v1/files/${photo.id}`, { name: 'holiday.png' }));
    expect((await events(headers)).events[0]?.file_name).toBe('holiday.png');
  });

  it('lists what other modules record, newest first, filtered by type, page after page', async () => {
    const { user, headers } = await member();
    const song = await storedFile(user.id, 'song.mp3', 'mp3', 'audio/mpeg');
    const film = await storedFile(user.id, 'film.mp4', 'mp4', 'video/mp4');
    await t.container.events.record(user.id, { type: 'TYPE_UPLOAD', fileId: song.id });
    clock.advance(1000);
    await t.container.events.record(user.id, [
      { type: 'TYPE_UPLOAD', fileId: film.id },
      { type: 'TYPE_PLAY', fileId: film.id },
    ]);
    clock.advance(1000);
    await t.container.events.record(user.id, {
      type: 'TYPE_RESTORE',
      fileId: song.id,
      params: { share_id: 'share1' },
    });

    const all = await events(headers);
    expect(all.events.map((event) => [event.type, event.file_name])).toEqual([
      ['TYPE_RESTORE', 'song.mp3'],
      ['TYPE_PLAY', 'film.mp4'],
      ['TYPE_UPLOAD', 'film.mp4'],
      ['TYPE_UPLOAD', 'song.mp3'],
    ]);
    expect(all.events[0]?.params).toEqual({ share_id: 'share1' });

    const uploads = await events(headers, {
      filters: JSON.stringify({ type: { eq: 'TYPE_UPLOAD' } }),
    });
    expect(uploads.events.map((event) => event.file_id)).toEqual([film.id, song.id]);
    const some = await events(headers, {
      filters: JSON.stringify({ type: { in: 'TYPE_PLAY,TYPE_RESTORE' } }),
    });
    expect(some.events.map((event) => event.type)).toEqual(['TYPE_RESTORE', 'TYPE_PLAY']);

    const seen: string[] = [];
    let token = '';
    for (let pages = 0; pages < 10; pages += 1) {
      const page = await events(headers, { limit: '3', ...(token ? { page_token: token } : {}) });
      seen.push(...page.events.map((event) => event.id));
      token = page.next_page_token;
      if (token === '') {
        break;
      }
    }
    expect(seen).toEqual(all.events.map((event) => event.id));
  });

  it("never shows events of trashed, deleted or other members' files", async () => {
    const owner = await member();
    const stranger = await member();
    const kept = await storedFile(owner.user.id, 'kept.txt', 'k');
    const trashed = await storedFile(owner.user.id, 'trashed.txt', 't');
    const deleted = await storedFile(owner.user.id, 'deleted.txt', 'd');
    const folder = ok<{ file: { id: string } }>(
      await call(owner.headers, 'POST', '/drive/v1/files', {
        kind: 'drive#folder',
        name: 'box',
        parent_id: '',
      }),
    ).file;
    const inside = await t.container.files.createFile(owner.user.id, {
      name: 'inside.txt',
      parentId: folder.id,
      blob: await t.container.blobs.ingest(Readable.from([Buffer.from('i')])),
    });
    for (const file of [kept, trashed, deleted, inside]) {
      clock.advance(1000);
      await t.container.events.record(owner.user.id, { type: 'TYPE_UPLOAD', fileId: file.id });
    }
    // A stranger's event naming the owner's file (a bug elsewhere) must not show it to them.
    await t.container.events.record(stranger.user.id, { type: 'TYPE_PLAY', fileId: kept.id });

    ok(
      await call(owner.headers, 'POST', '/drive/v1/files:batchTrash', {
        ids: [trashed.id, folder.id],
      }),
    );
    ok(await call(owner.headers, 'POST', '/drive/v1/files:batchDelete', { ids: [deleted.id] }));

    expect((await events(owner.headers)).events.map((event) => event.file_name)).toEqual([
      'kept.txt',
    ]);
    expect((await events(stranger.headers)).events).toEqual([]);

    // Restored, the file and the folder's content show again (with the restore itself).
    clock.advance(1000);
    ok(await call(owner.headers, 'POST', '/drive/v1/files:batchUntrash', { ids: [folder.id] }));
    const names = (await events(owner.headers)).events.map(
      (event) => `${event.type}:${event.file_name}`,
    );
    expect(names).toEqual(['TYPE_RESTORE:box', 'TYPE_UPLOAD:inside.txt', 'TYPE_UPLOAD:kept.txt']);
  });

  it('keeps a bounded history per member', async () => {
    const { user, headers } = await member();
    const other = await member();
    const bounded = createEventService({
      events: createEventRepository(t.container.database.db),
      now: clock.now,
      keepPerMember: 3,
    });
    const file = await storedFile(user.id, 'a.txt', 'a');
    const otherFile = await storedFile(other.user.id, 'b.txt', 'b');
    await bounded.record(other.user.id, { type: 'TYPE_UPLOAD', fileId: otherFile.id });
    for (const type of [
      'TYPE_UPLOAD',
      'TYPE_VIEW',
      'TYPE_PLAY',
      'TYPE_DOWNLOAD',
      'TYPE_PLAY',
    ] as const) {
      clock.advance(1000);
      await bounded.record(user.id, { type, fileId: file.id });
    }
    expect((await events(headers)).events.map((event) => event.type)).toEqual([
      'TYPE_PLAY',
      'TYPE_DOWNLOAD',
      'TYPE_PLAY',
    ]);
    // Another member's history is theirs alone to fill.
    expect((await events(other.headers)).events.map((event) => event.file_id)).toEqual([
      otherFile.id,
    ]);
    clock.advance(1000);
    await bounded.record(
      user.id,
      Array.from({ length: 5 }, () => ({ type: 'TYPE_VIEW' as const, fileId: file.id })),
    );
    expect((await events(headers)).events.map((event) => event.type)).toEqual([
      'TYPE_VIEW',
      'TYPE_VIEW',
      'TYPE_VIEW',
    ]);
  });

  it('drops the oldest events now and then, never keeping more than a twentieth extra', async () => {
    const { user, headers } = await member();
    const bounded = createEventService({
      events: createEventRepository(t.container.database.db),
      now: clock.now,
      keepPerMember: 40,
    });
    const file = await storedFile(user.id, 'a.txt', 'a');
    const listed = async () =>
      (await events(headers, { limit: '100' })).events.map((event) => event.type);
    for (let index = 0; index < 41; index += 1) {
      clock.advance(1000);
      await bounded.record(user.id, { type: 'TYPE_VIEW', fileId: file.id });
    }
    // Pruned every second event (40 / 20), not on each: the 41st waits for the next prune.
    expect(await listed()).toHaveLength(41);
    clock.advance(1000);
    await bounded.record(user.id, { type: 'TYPE_PLAY', fileId: file.id });
    const kept = await listed();
    expect(kept).toHaveLength(40);
    expect(kept[0]).toBe('TYPE_PLAY');
  });

  it('answers hostile and malformed input with the error object, never a 500', async () => {
    const { headers } = await member();
    for (const [what, query] of [
      ['not JSON', `filters=${encodeURIComponent('{type')}`],
      ['unknown field', `filters=${encodeURIComponent('{"user_id":{"eq":"x"}}')}`],
      ['unknown operator', `filters=${encodeURIComponent('{"type":{"prefix":"TYPE"}}')}`],
      ['unknown type', `filters=${encodeURIComponent('{"type":{"in":"TYPE_UPLOAD,TYPE_HACK"}}')}`],
      ['a number', `filters=${encodeURIComponent('{"type":{"eq":1}}')}`],
      ['garbage token', 'page_token=..%2F..%2Fetc'],
      ['forged token', `page_token=${Buffer.from('{"c":[],"i":1}').toString('base64url')}`],
      ['limit not whole', 'limit=0.5'],
      ['limit negative', 'limit=-100000'],
    ]) {
      const response = await call(headers, 'GET', `/drive/v1/events?${query}`);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
      expect(errorOf(response).error, what).toBe('invalid_argument');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/drive/v1/events' });
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).error).toBe('unauthenticated');
  });
});
