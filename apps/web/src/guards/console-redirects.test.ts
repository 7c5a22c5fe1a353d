import type { SiteRedirect } from '@nimbus/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createConsoleRedirects } from './console-redirects';

const moved: SiteRedirect = { source: '/old', destination: '/faq', permanent: false };
const promo: SiteRedirect = {
  source: '/promo',
  destination: '/activity/christmas',
  permanent: true,
};

describe('the console redirects a node uses', () => {
  it('asks once per period, one request at a time, and keeps the last list when asking fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let clock = 0;
    const answers: (SiteRedirect[] | Error)[] = [[moved], [promo], new Error('down')];
    let asked = 0;
    const redirects = createConsoleRedirects({
      load: () => {
        const answer = answers[asked++];
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer ?? []);
      },
      now: () => clock,
      ttlMs: 5000,
    });

    const [first, second] = await Promise.all([redirects(), redirects()]);
    expect(first).toEqual([moved]);
    expect(second).toEqual([moved]);
    expect(asked).toBe(1);

    clock = 4999;
    expect(await redirects()).toEqual([moved]);
    expect(asked).toBe(1);

    clock = 5000;
    expect(await redirects()).toEqual([promo]);
    expect(asked).toBe(2);

    clock = 10_000;
    expect(await redirects()).toEqual([promo]);
    expect(asked).toBe(3);
    clock = 12_000;
    expect(await redirects()).toEqual([promo]);
    expect(asked).toBe(3);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
