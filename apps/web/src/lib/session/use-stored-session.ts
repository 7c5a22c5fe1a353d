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

/**
 * The snapshot as last read, kept for the rest of the current task: the page's many session
 * readers (each read twice by React, at render and at commit) then share one read of the cookie
 * and local storage, which cost a synchronous trip each. A session change on this page or in
 * another tab forgets it at once, before React's listeners read it again.
 */
let lastSnapshot: string | undefined;

function forgetSnapshot(): void {
  lastSnapshot = undefined;
}

if (typeof window !== 'undefined') {
  window.addEventListener(sessionChangeEvent, forgetSnapshot);
  window.addEventListener('storage', forgetSnapshot);
}

/** A string that changes whenever the stored session does (a stable snapshot). */
function snapshot(): string {
  if (lastSnapshot === undefined) {
    lastSnapshot = readSnapshot();
    queueMicrotask(forgetSnapshot);
  }
  return lastSnapshot;
}

function readSnapshot(): string {
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
