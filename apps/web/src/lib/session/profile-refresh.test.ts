import type { VipData } from '@nimbus/contracts';
import { describe, expect, it } from 'vitest';
import type { MembershipInfo, Profile, StorageQuota, StoredCredentials } from './credentials';
import { userIdCookieMaxAge } from './credentials';
import type { ProfileRefreshDeps } from './profile-refresh';
import { runProfileRefresh } from './profile-refresh';

const credentials: StoredCredentials = { sub: 'u1', user_id: 'u1', expires_at: 1 };
const profile: Profile = {
  sub: 'u1',
  name: 'Ana',
  email: 'a***a@example.com',
  phone_number: '',
  picture: '',
  password: 'SET',
  status: 'active',
  created_at: '2030-01-01T00:00:00.000Z',
};
const premiumVip: VipData = {
  expire: '2030-02-01T00:00:00.000Z',
  status: 'ok',
  type: 'platinum',
  user_id: 'u1',
  vipItem: [{ type: 'platinum', expire: '2030-02-01T00:00:00.000Z', surplus_day: 31 }],
};
const quota: StorageQuota = {
  limit: 100,
  usage: 150,
  overStorageLimit: true,
  overFreeTaskLimit: false,
};

class Unauthenticated extends Error {}

/** The refresh's world, recording what it stored and cleared. */
function world(overrides: Partial<ProfileRefreshDeps> = {}) {
  const calls: string[] = [];
  const stored: { profile?: Profile; membership?: MembershipInfo } = {};
  const deps: ProfileRefreshDeps = {
    readCredentials: () => credentials,
    fetchProfile: () => {
      calls.push('profile');
      return Promise.resolve(profile);
    },
    fetchVip: () => {
      calls.push('vip');
      return Promise.resolve(premiumVip);
    },
    fetchQuota: () => Promise.resolve(quota),
    storeUserInfo: (p, m) => {
      calls.push('store');
      stored.profile = p;
      stored.membership = m;
    },
    clearUserId: () => calls.push('clear-user-id'),
    clearCredentials: () => calls.push('clear-credentials'),
    isUnauthenticated: (error) => error instanceof Unauthenticated,
    ...overrides,
  };
  return { deps, calls, stored };
}

describe('the profile refresh (docs/product.md#states)', () => {
  it('marks a member without stored credentials signed out and answers false, fetching nothing', async () => {
    const { deps, calls } = world({ readCredentials: () => undefined });
    await expect(runProfileRefresh(deps)).resolves.toBe(false);
    expect(calls).toEqual(['clear-credentials']);
  });

  it('stores the profile and the premium membership on success and answers true', async () => {
    const { deps, calls, stored } = world();
    await expect(runProfileRefresh(deps)).resolves.toBe(true);
    expect(calls).toEqual(['profile', 'vip', 'store']);
    expect(stored.profile).toEqual(profile);
    expect(stored.membership).toEqual({
      userId: 'u1',
      premium: true,
      expire: '2030-02-01T00:00:00.000Z',
      type: 'platinum',
      vipInfo: premiumVip,
      quota,
    });
  });

  it('is premium only when the VIP status is ok', async () => {
    const { deps, stored } = world({
      fetchVip: () => Promise.resolve({ ...premiumVip, status: 'invalid', type: 'novip' }),
    });
    await expect(runProfileRefresh(deps)).resolves.toBe(true);
    expect(stored.membership?.premium).toBe(false);
  });

  it('clears the user id and answers false when the profile fetch fails', async () => {
    const { deps, calls, stored } = world({ fetchProfile: () => Promise.reject(new Error('503')) });
    await expect(runProfileRefresh(deps)).resolves.toBe(false);
    expect(calls).toContain('clear-user-id');
    expect(calls).not.toContain('store');
    expect(stored.profile).toBeUndefined();
  });

  it('clears the user id and answers false when the VIP fetch fails, storing no profile', async () => {
    const { deps, calls, stored } = world({ fetchVip: () => Promise.reject(new Error('503')) });
    await expect(runProfileRefresh(deps)).resolves.toBe(false);
    expect(calls).toEqual(['profile', 'clear-user-id']);
    expect(stored.profile).toBeUndefined();
  });

  it('forgets the credentials too when the session is over', async () => {
    const { deps, calls } = world({ fetchVip: () => Promise.reject(new Unauthenticated()) });
    await expect(runProfileRefresh(deps)).resolves.toBe(false);
    expect(calls).toEqual(['profile', 'clear-credentials']);
  });

  it('succeeds without the quota when about fails', async () => {
    const { deps, stored } = world({ fetchQuota: () => Promise.reject(new Error('503')) });
    await expect(runProfileRefresh(deps)).resolves.toBe(true);
    expect(stored.membership?.quota).toBeUndefined();
    expect(stored.membership?.premium).toBe(true);
  });

  it('keeps the user id cookie for 365 days', () => {
    expect(userIdCookieMaxAge).toBe(365 * 24 * 60 * 60);
  });
});
