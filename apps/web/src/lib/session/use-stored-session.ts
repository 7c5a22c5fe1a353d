import { useMemo, useSyncExternalStore } from 'react';
import type { MembershipInfo, Profile } from './credentials';
import {
  handoffPending,
  readCredentials,
  readMembership,
  readProfile,
  sessionChangeEvent,
} from './credentials';

/** The signed-in state as this browser stores it. */
export type StoredSession =
  /** Server rendering, the first client render and a login hand-off: not known yet. */
  | { kind: 'unknown' }
  | { kind: 'signed-out' }
  /**
   * Credentials are stored; `profile` and `membership` (the VIP state and quota) once a
   * profile refresh has fetched them.
   */
  | { kind: 'signed-in'; profile: Profile | undefined; membership: MembershipInfo | undefined };

function subscribe(onChange: () => void): () => void {
  window.addEventListener(sessionChangeEvent, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(sessionChangeEvent, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** A string that changes whenever the stored session does (a stable snapshot). */
function snapshot(): string {
  if (handoffPending()) {
    return 'unknown';
  }
  if (!readCredentials()) {
    return 'signed-out';
  }
  return JSON.stringify({ profile: readProfile() ?? null, membership: readMembership() ?? null });
}

/** The stored session, kept current across tabs and sign-in or sign-out on this page. */
export function useStoredSession(): StoredSession {
  const value = useSyncExternalStore(subscribe, snapshot, () => 'unknown');
  return useMemo((): StoredSession => {
    if (value === 'unknown' || value === 'signed-out') {
      return { kind: value };
    }
    const stored = JSON.parse(value) as {
      profile: Profile | null;
      membership: MembershipInfo | null;
    };
    return {
      kind: 'signed-in',
      profile: stored.profile ?? undefined,
      membership: stored.membership ?? undefined,
    };
  }, [value]);
}
