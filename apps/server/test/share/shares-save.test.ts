import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { dialects, errorOf, ok } from '../helper';
import { bytesUnder, useSharesApp } from './shares-fixture';

describe.each(dialects)('shares on %s', (dialect) => {
  const f = useSharesApp(dialect);
  const { member, call, storedFile, ownerDrive, share, tokenFor, summaries } = f;

  it('saves a share by reference: whole, chosen, own, limited, over quota', async () => {
    const a = await member();
    const b = await member({ locale: 'ja' });
    const drive = await ownerDrive(a.user.id);
    const made = await share(a.headers, {
      file_ids: [drive.trip.id, drive.top.id],
      restore_limit: 3,
    });
    const token = await tokenFor(made.share_id, made.pass_code);
    const blobRoot = path.join(f.t.config.DATA_DIR, 'blobs');
    const bytesBefore = await bytesUnder(blobRoot);
    const refBefore = (await f.t.container.blobRecords.find(drive.a.sha256 ?? ''))?.refCount;

    expect(
      errorOf(
        await call({}, 'POST', '/drive/v1/share/restore', {
          share_id: made.share_id,
          pass_code_token: token,
        }),
      ).error,
    ).toBe('unauthenticated');
    const own = await call(a.headers, 'POST', '/drive/v1/share/restore', {
      share_id: made.share_id,
      pass_code_token: token,
    });
    expect(own.statusCode).toBe(400);
    expect(errorOf(own).error).toBe('file_restore_own');

    const saved = ok<{
      share_status: string;
      restore_status: string;
      restore_task_id: string;
      file_id: string;
    }>(
      await call(b.headers, 'POST', '/drive/v1/share/restore', {
        share_id: made.share_id,
        pass_code_token: token,
        share_user_id: a.user.id,
        gcids: [drive.a.gcid],
      }),
    );
    expect(saved).toMatchObject({ share_status: 'OK', restore_status: 'RESTORE_COMPLETE' });
    expect(saved.restore_task_id).not.toBe('');
    const root = ok<{ files: { id: string; name: string }[] }>(
      await call(b.headers, 'GET', '/drive/v1/files?parent_id='),
    );
    expect(root.files.map((file) => file.name)).toEqual(['共有から保存']);
    expect(root.files[0]?.id).toBe(saved.file_id);
    const inSaved = ok<{ files: { id: string; name: string }[] }>(
      await call(b.headers, 'GET', `/drive/v1/files?parent_id=${saved.file_id}&order=NAME_ASC`),
    );
    expect(inSaved.files.map((file) => file.name)).toEqual(['top.txt', 'Trip']);
    const trip = inSaved.files.find((file) => file.name === 'Trip');
    const tripItems = ok<{ files: { id: string; name: string }[] }>(
      await call(b.headers, 'GET', `/drive/v1/files?parent_id=${trip?.id}&order=NAME_ASC`),
    );
    expect(tripItems.files.map((file) => file.name)).toEqual(['b.txt', 'Day1']);
    const day1 = tripItems.files.find((file) => file.name === 'Day1');
    const photo = ok<{
      files: { id: string; name: string; params: Record<string, string>; hash: string }[];
    }>(await call(b.headers, 'GET', `/drive/v1/files?parent_id=${day1?.id}`)).files[0];
    expect(photo?.name).toBe('a.jpg');
    expect(photo?.params).toEqual({
      original_share_id: made.share_id,
      original_file_id: drive.a.id,
    });
    expect(photo?.hash).toBe(drive.a.gcid.toUpperCase());
    expect((await f.t.container.blobRecords.find(drive.a.sha256 ?? ''))?.refCount).toBe(
      (refBefore ?? 0) + 1,
    );
    expect(await bytesUnder(blobRoot)).toBe(bytesBefore);
    const task = ok<{ type: string; phase: string; params: Record<string, string> }>(
      await call(b.headers, 'GET', `/drive/v1/tasks/${saved.restore_task_id}`),
    );
    expect(task).toMatchObject({ type: 'restore', phase: 'PHASE_TYPE_COMPLETE' });
    expect(task.params.share_id).toBe(made.share_id);
    const trace = JSON.parse(task.params.trace_file_ids ?? '{}') as Record<string, string>;
    expect(Object.keys(trace).sort()).toEqual(
      [drive.a.id, drive.b.id, drive.day1.id, drive.top.id, drive.trip.id].sort(),
    );
    expect(trace[drive.a.id]).toBe(photo?.id);
    const recent = ok<{ events: { type: string; file_id: string }[] }>(
      await call(b.headers, 'GET', '/drive/v1/events'),
    );
    expect(
      recent.events
        .filter((event) => event.type === 'TYPE_RESTORE')
        .map((event) => event.file_id)
        .sort(),
    ).toEqual([trace[drive.trip.id], trace[drive.top.id]].sort());
    expect((await summaries(a.headers)).data[0]?.restore_count).toBe('1');

    // Chosen items (one nested two levels down, one with its folder) into a chosen folder.
    const into = ok<{ file: { id: string } }>(
      await call(b.headers, 'POST', '/drive/v1/files', {
        kind: 'drive#folder',
        name: 'Mine',
        parent_id: '',
      }),
    ).file;
    const chosen = ok<{ share_status: string; file_id: string }>(
      await call(b.headers, 'POST', '/drive/v1/share/restore', {
        share_id: made.share_id,
        pass_code_token: token,
        file_ids: [drive.day1.id, drive.a.id],
        ancestor_ids: [drive.trip.id],
        parent_id: into.id,
      }),
    );
    expect(chosen).toMatchObject({ share_status: 'OK', file_id: into.id });
    const mine = ok<{ files: { id: string; name: string }[] }>(
      await call(b.headers, 'GET', `/drive/v1/files?parent_id=${into.id}`),
    );
    expect(mine.files.map((file) => file.name)).toEqual(['Day1']);

    // Ids outside the share, a wrong sharer or content that is not in the share: NOT_FOUND, nothing counted.
    for (const body of [
      { file_ids: [drive.secret.id] },
      { file_ids: [drive.a.id], ancestor_ids: [drive.priv.id] },
      { share_user_id: b.user.id },
      { gcids: ['0'.repeat(40)] },
    ]) {
      const refused = ok<{ share_status: string; restore_status: string }>(
        await call(b.headers, 'POST', '/drive/v1/share/restore', {
          share_id: made.share_id,
          pass_code_token: token,
          ...body,
        }),
      );
      expect(refused).toMatchObject({
        share_status: 'NOT_FOUND',
        restore_status: 'RESTORE_UNKNOWN',
      });
    }
    expect(
      errorOf(
        await call(b.headers, 'POST', '/drive/v1/share/restore', {
          share_id: made.share_id,
          pass_code_token: token,
          parent_id: drive.trip.id,
        }),
      ).error,
    ).toBe('file_not_found');
    expect((await summaries(a.headers)).data[0]?.restore_count).toBe('2');

    // Over quota: nothing is saved and the save is not counted.
    // A file that leaves one byte of the quota (a stored file is booked under the limit too).
    const room = 100_000 - (await f.t.container.files.about(b.user.id)).usage;
    await storedFile(b.user.id, 'big.bin', 'x'.repeat(room - 1));
    const full = await call(b.headers, 'POST', '/drive/v1/share/restore', {
      share_id: made.share_id,
      pass_code_token: token,
    });
    expect(full.statusCode).toBe(403);
    expect(errorOf(full).error).toBe('file_space_not_enough');
    expect((await summaries(a.headers)).data[0]?.restore_count).toBe('2');

    // The third save uses the limit up; the fourth is refused.
    const c = await member();
    expect(
      ok<{ share_status: string }>(
        await call(c.headers, 'POST', '/drive/v1/share/restore', {
          share_id: made.share_id,
          pass_code_token: token,
        }),
      ).share_status,
    ).toBe('OK');
    const d = await member();
    expect(
      ok<{ share_status: string }>(
        await call(d.headers, 'POST', '/drive/v1/share/restore', {
          share_id: made.share_id,
          pass_code_token: token,
        }),
      ).share_status,
    ).toBe('MAX_RESTORE_COUNT');
    expect(
      ok<{ files: unknown[] }>(await call(d.headers, 'GET', '/drive/v1/files?parent_id=')).files,
    ).toEqual([]);
  });

  it('saves items picked two levels deep: only those, side by side, and only along a path that leads to them', async () => {
    const a = await member();
    const b = await member();
    const drive = await ownerDrive(a.user.id);
    const c = await storedFile(a.user.id, 'c.txt', 'more of day one', drive.day1.id);
    await storedFile(a.user.id, 'left.txt', 'not picked', drive.day1.id);
    const made = await share(a.headers, {
      file_ids: [drive.trip.id, drive.top.id],
      restore_limit: 10,
    });
    const token = await tokenFor(made.share_id, made.pass_code);
    const save = (body: Record<string, unknown>) =>
      call(b.headers, 'POST', '/drive/v1/share/restore', {
        share_id: made.share_id,
        pass_code_token: token,
        ...body,
      });

    // A path that does not lead to every chosen item, a file in the path, or a chosen item
    // below a folder of the owner that is in the trash: NOT_FOUND, nothing saved or counted.
    const trashedDay = await f.t.container.files.createFolder(a.user.id, {
      name: 'Day2',
      parentId: drive.trip.id,
    });
    const gone = await storedFile(
      a.user.id,
      'gone.txt',
      'in the trash with its folder',
      trashedDay.id,
    );
    await f.t.container.files.trash(a.user.id, [trashedDay.id]);
    for (const body of [
      { file_ids: [drive.a.id, drive.b.id], ancestor_ids: [drive.trip.id, drive.day1.id] },
      { file_ids: [drive.top.id], ancestor_ids: [drive.trip.id] },
      { file_ids: [drive.a.id], ancestor_ids: [drive.trip.id, drive.day1.id, drive.a.id] },
      { file_ids: [gone.id], ancestor_ids: [drive.trip.id, trashedDay.id] },
      { file_ids: [gone.id] },
    ]) {
      const refused = ok<{ share_status: string; restore_status: string }>(await save(body));
      expect(refused, JSON.stringify(body)).toMatchObject({
        share_status: 'NOT_FOUND',
        restore_status: 'RESTORE_UNKNOWN',
      });
    }
    expect((await summaries(a.headers)).data[0]?.restore_count).toBe('0');
    expect(
      ok<{ files: unknown[] }>(await call(b.headers, 'GET', '/drive/v1/files?parent_id=')).files,
    ).toEqual([]);

    // Two files of Trip/Day1, chosen with the folders opened to reach them.
    const saved = ok<{
      share_status: string;
      restore_status: string;
      restore_task_id: string;
      file_id: string;
    }>(await save({ file_ids: [drive.a.id, c.id], ancestor_ids: [drive.trip.id, drive.day1.id] }));
    expect(saved).toMatchObject({ share_status: 'OK', restore_status: 'RESTORE_COMPLETE' });
    const landed = ok<{
      files: { id: string; name: string; kind: string; params: Record<string, string> }[];
    }>(await call(b.headers, 'GET', `/drive/v1/files?parent_id=${saved.file_id}&order=NAME_ASC`));
    expect(landed.files.map((file) => [file.name, file.kind])).toEqual([
      ['a.jpg', 'drive#file'],
      ['c.txt', 'drive#file'],
    ]);
    expect(landed.files.map((file) => file.params.original_file_id)).toEqual([drive.a.id, c.id]);
    const root = ok<{ files: { id: string }[] }>(
      await call(b.headers, 'GET', '/drive/v1/files?parent_id='),
    );
    expect(root.files.map((file) => file.id)).toEqual([saved.file_id]);
    const task = ok<{ params: Record<string, string> }>(
      await call(b.headers, 'GET', `/drive/v1/tasks/${saved.restore_task_id}`),
    );
    expect(
      Object.keys(JSON.parse(task.params.trace_file_ids ?? '{}') as Record<string, string>).sort(),
    ).toEqual([drive.a.id, c.id].sort());
    expect((await summaries(a.headers)).data[0]?.restore_count).toBe('1');

    // Without the path the same pick is saved as well (the path is optional), next to the first.
    const again = ok<{ share_status: string; file_id: string }>(await save({ file_ids: [c.id] }));
    expect(again).toMatchObject({ share_status: 'OK', file_id: saved.file_id });
    const after = ok<{ files: { name: string; params: Record<string, string> }[] }>(
      await call(b.headers, 'GET', `/drive/v1/files?parent_id=${saved.file_id}&order=NAME_ASC`),
    );
    expect(after.files.map((file) => file.params.original_file_id).sort()).toEqual(
      [drive.a.id, c.id, c.id].sort(),
    );
    expect((await summaries(a.headers)).data[0]?.restore_count).toBe('2');
  });

  it('counts a restore limit of one once when two members save at the same time', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const drive = await ownerDrive(a.user.id);
    const made = await share(a.headers, {
      file_ids: [drive.trip.id],
      restore_limit: 1,
      pass_code_option: 'NOT_REQUIRED',
    });
    const answers = await Promise.all(
      [b, c].map(
        async (saver) =>
          ok<{ share_status: string }>(
            await call(saver.headers, 'POST', '/drive/v1/share/restore', {
              share_id: made.share_id,
            }),
          ).share_status,
      ),
    );
    expect(answers.sort()).toEqual(['MAX_RESTORE_COUNT', 'OK']);
    expect((await summaries(a.headers)).data[0]?.restore_count).toBe('1');
  });
});
