import { analyticsLimits } from '@nimbus/contracts';
import { describe, expect, it } from 'vitest';
import { analyticsContextOf } from './analytics-context';
import {
  batchBodies,
  boundedContext,
  createAnalyticsSender,
  type OutgoingEvent,
} from './analytics-sender';

const context = analyticsContextOf({
  userAgent: 'Mozilla/5.0 (Windows NT 10.0)',
  languageSystem: 'en-US',
  languageWeb: 'en-US',
  premium: false,
  source: undefined,
  scene: undefined,
  referers: [],
  deviceId: 'b'.repeat(32),
  userId: 'member-1',
  country: undefined,
});

/** A sender on a hand-driven clock, recording what it sends. */
function harness(
  options: { allowed?: () => boolean; beaconWorks?: boolean; batchSize?: number } = {},
) {
  const timers: (() => void)[] = [];
  const beacons: string[] = [];
  const posts: string[] = [];
  const sender = createAnalyticsSender({
    url: 'https://drive.example/statistics/pub/event',
    contextOf: () => context,
    pageOf: () => '/drive/all',
    isAllowed: options.allowed ?? (() => true),
    beacon: (_url, body) => {
      if (options.beaconWorks === false) {
        return false;
      }
      beacons.push(body);
      return true;
    },
    post: (_url, body) => {
      posts.push(body);
      return Promise.resolve();
    },
    setTimer: (run) => timers.push(run),
    clearTimer: () => timers.splice(0),
    flushDelayMs: 5000,
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
  });
  const namesIn = (bodies: string[]) =>
    bodies.map((body) =>
      (JSON.parse(body) as { events: OutgoingEvent[] }).events.map((event) => event.event),
    );
  return { sender, timers, beacons, posts, namesIn };
}

describe('analytics sender', () => {
  it('batches events until the delay passes, then posts them with the page and the context', () => {
    const { sender, timers, posts, namesIn } = harness();
    sender.track('restore-click', { items: 2, signed_in: 1 });
    sender.track('restore-saving', { items: 2 });
    expect(posts).toEqual([]);
    expect(timers).toHaveLength(1);
    timers[0]?.();
    expect(namesIn(posts)).toEqual([['restore-click', 'restore-saving']]);
    const [first] = (JSON.parse(posts[0] ?? '') as { events: OutgoingEvent[] }).events;
    expect(first).toEqual({
      event: 'restore-click',
      page: '/drive/all',
      ...context,
      props: { items: 2, signed_in: 1 },
    });
    expect(sender.pending()).toBe(0);
  });

  it('sends at once when a batch is full', () => {
    const { sender, posts, namesIn } = harness({ batchSize: 3 });
    sender.track('player-mount', { kind: 'video' });
    sender.track('set-video-freeze', { position: 12 });
    expect(posts).toEqual([]);
    sender.track('close-video-player', { position: 30 });
    expect(namesIn(posts)).toEqual([['player-mount', 'set-video-freeze', 'close-video-player']]);
  });

  it('sends what waits with a beacon when the page goes, and posts when the beacon is refused', () => {
    const ok = harness();
    ok.sender.track('logout-success', {});
    ok.sender.flush('unload');
    expect(ok.namesIn(ok.beacons)).toEqual([['logout-success']]);
    expect(ok.posts).toEqual([]);
    expect(ok.timers).toEqual([]);

    const refused = harness({ beaconWorks: false });
    refused.sender.track('file-manager-close', { view: 'all', seconds: 40 });
    refused.sender.flush('unload');
    expect(refused.namesIn(refused.posts)).toEqual([['file-manager-close']]);
  });

  it('queues and sends nothing unless analysis is allowed, and drops what waits when it is turned off', () => {
    let allowed = false;
    const { sender, timers, posts, beacons } = harness({ allowed: () => allowed });
    sender.track('after-login', { method: 'password' });
    expect(sender.pending()).toBe(0);
    allowed = true;
    sender.track('after-login', { method: 'password' });
    expect(sender.pending()).toBe(1);
    allowed = false;
    timers[0]?.();
    sender.flush('unload');
    expect(posts).toEqual([]);
    expect(beacons).toEqual([]);
    expect(sender.pending()).toBe(0);
  });

  it('splits a long queue into bodies of at most 50 events and 64 KiB', () => {
    const event = (index: number, scene = ''): OutgoingEvent => ({
      event: 'jump-to-vip',
      page: '/drive/all',
      ...context,
      scene,
      props: { index },
    });
    const many = Array.from({ length: 120 }, (_, index) => event(index));
    expect(
      batchBodies(many).map((body) => (JSON.parse(body) as { events: unknown[] }).events.length),
    ).toEqual([50, 50, 20]);
    const big = Array.from({ length: 30 }, (_, index) => event(index, 'x'.repeat(5000)));
    const bodies = batchBodies(big);
    expect(bodies.length).toBeGreaterThan(1);
    for (const body of bodies) {
      expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(
        analyticsLimits.bodyMaxBytes,
      );
    }
    expect(
      bodies.flatMap((body) =>
        (JSON.parse(body) as { events: OutgoingEvent[] }).events.map((item) => item.props?.index),
      ),
    ).toEqual(big.map((_, index) => index));
    expect(batchBodies([event(0, 'x'.repeat(analyticsLimits.bodyMaxBytes))])).toEqual([]);
  });

  it('keeps the context within the server’s limits', () => {
    expect(
      boundedContext({
        ...context,
        language_system: 'not a tag!',
        scene: `a\nb${'c'.repeat(300)}`,
        referer_list: 'a.example,<bad>,b.example:8080',
        deviceid: 'x.y',
        country: 'USA',
      }),
    ).toEqual({
      ...context,
      language_system: '',
      scene: `ab${'c'.repeat(analyticsLimits.textMaxChars - 2)}`,
      referer_list: 'a.example,b.example:8080',
      deviceid: '',
      country: '',
    });
  });
});
