import { describe, expect, it } from 'vitest';
import { limitTrackRuns, TrackToolBusy, type TrackToolRunner } from './track-tools';

describe('the limit of ffmpeg runs on a node', () => {
  it('runs at most two at once, queues a few more and refuses the rest at once', async () => {
    const finish: (() => void)[] = [];
    let running = 0;
    let most = 0;
    const slow: TrackToolRunner = async (command) => {
      const counted = command === 'ffmpeg' ? 1 : 0;
      running += counted;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => finish.push(resolve));
      running -= counted;
      return Buffer.from('done');
    };
    const run = limitTrackRuns(slow, { maxRunning: 2, maxWaiting: 1 });
    const runs = [1, 2, 3].map(() => run('ffmpeg', [], { maxOutput: 10 }));
    await expect(run('ffmpeg', [], { maxOutput: 10 })).rejects.toBeInstanceOf(TrackToolBusy);
    // ffprobe reads headers only: never queued.
    const probe = run('ffprobe', [], { maxOutput: 10 });
    while (finish.length < 3) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    finish.splice(0).forEach((resolve) => resolve());
    while (finish.length < 1) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    finish.splice(0).forEach((resolve) => resolve());
    expect((await Promise.all([...runs, probe])).map(String)).toEqual([
      'done',
      'done',
      'done',
      'done',
    ]);
    expect(most).toBe(2);
  });
});
