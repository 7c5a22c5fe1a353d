import { describe, expect, it } from 'vitest';
import { dialects } from '../helper';
import { useOfflineApp, useSources } from '../offline/offline-fixture';

useSources();

/*
 * An offline download created with a `name` (docs/api.md#files URL task): the name the member
 * gives wins over the one the source sends, as clients of the original service expect.
 */
describe.each(dialects)('the name of a URL task on %s', (dialect) => {
  const f = useOfflineApp(dialect);
  const { start, member, created, task, file, sourceUrl } = f;

  it("files the download under the given name, not the source's", async () => {
    await start();
    const { headers } = await member();
    const named = await created(headers, sourceUrl('/named'), { name: 'Quarterly.pdf' });
    const unnamed = await created(headers, sourceUrl('/named'), { name: null });
    const fromUrl = await created(headers, sourceUrl('/file.bin'), { name: 'kept.bin' });
    expect(await f.t.container.offlineWorker.runPending()).toBe(3);

    const namedTask = await task(headers, named.id);
    expect(namedTask).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', file_name: 'Quarterly.pdf' });
    expect((await file(headers, namedTask.file_id)).name).toBe('Quarterly.pdf');

    // Without a name (or with `null`), the source's name stands.
    const unnamedTask = await task(headers, unnamed.id);
    expect(unnamedTask).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      file_name: '報告 final.pdf',
    });

    const fromUrlTask = await task(headers, fromUrl.id);
    expect((await file(headers, fromUrlTask.file_id)).name).toBe('kept.bin');
  });
});
