import type { VipData } from '@nimbus/contracts';
import type { MembershipInfo, Profile, StorageQuota, StoredCredentials } from './credentials';
import { membershipInfoOf } from './credentials';

/** What the profile refresh reads, fetches and stores; the browser's are in `session.ts`. */
export interface ProfileRefreshDeps {
  readCredentials(): StoredCredentials | undefined;
  /** `GET /v1/user/me`. */
  fetchProfile(): Promise<Profile>;
  /** `GET /drive/v1/privilege/vip` (its `data`). */
  fetchVip(): Promise<VipData>;
  /** `GET /drive/v1/about`, for the quota of the user info; its failure fails nothing. */
  fetchQuota(): Promise<StorageQuota>;
  /** Stores the profile and the membership and sets the user id cookie (365 days). */
  storeUserInfo(profile: Profile, membership: MembershipInfo): void;
  /** Clears the user id (cookie and stored user info). */
  clearUserId(): void;
  /** Marks the member signed out: forgets the credentials and the user id. */
  clearCredentials(): void;
  /** Whether a failure says the session is over (`unauthenticated`). */
  isUnauthenticated(error: unknown): boolean;
}

/**
 * The profile refresh of docs/product.md#states. Without stored credentials the member is marked signed
 * out and the answer is false. The profile and the VIP state are fetched together; if either
 * fails the user id is cleared (and the credentials too when the session is over) and the answer
 * is false. On success the profile and the membership are stored, the user id cookie is set,
 * and the answer is true. The quota is fetched alongside and kept when it arrives.
 */
export async function runProfileRefresh(deps: ProfileRefreshDeps): Promise<boolean> {
  if (!deps.readCredentials()) {
    deps.clearCredentials();
    return false;
  }
  const quota = deps.fetchQuota().then(
    (value): StorageQuota | undefined => value,
    () => undefined,
  );
  let profile: Profile;
  let vip: VipData;
  try {
    [profile, vip] = await Promise.all([deps.fetchProfile(), deps.fetchVip()]);
  } catch (cause) {
    if (deps.isUnauthenticated(cause)) {
      deps.clearCredentials();
    } else {
      deps.clearUserId();
    }
    return false;
  }
  deps.storeUserInfo(profile, membershipInfoOf(vip, await quota));
  return true;
}
