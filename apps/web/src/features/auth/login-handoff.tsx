'use client';

import { useSyncExternalStore } from 'react';
import dynamic from 'next/dynamic';
import { getCookie } from '@nimbus/client';
import { oauthPendingCookieName } from '@/guards/login-handoff.guard';

/** The translated texts of the hand-off notice. */
export interface LoginHandoffTexts {
  /** Shown while the hand-off signs in. */
  signingIn: string;
  /** Shown when the code could not be obtained or exchanged. */
  failed: string;
  /** Label of the notice's close button. */
  dismiss: string;
}

// Loaded only on the page that carries a hand-off out.
const LoginHandoffRun = dynamic(
  () => import('./login-handoff-run').then((module) => module.LoginHandoffRun),
  { ssr: false },
);

/**
 * The login hand-off of every page (docs/product.md #screens-and-routes and #states): where the
 * proxy kept one (the `oauth_pending` marker), `LoginHandoffRun` carries it out. Until then the
 * marker itself keeps pages from judging the session (`handoffPending`).
 */
export function LoginHandoff({ texts }: { texts: LoginHandoffTexts }) {
  const pending = useSyncExternalStore(subscribeNever, sawMarker, () => false);
  return pending ? <LoginHandoffRun texts={texts} /> : null;
}

/** Set once this page saw the marker: the hand-off removes it, and its notice stays. */
let markerSeen = false;

function sawMarker(): boolean {
  markerSeen ||= getCookie(oauthPendingCookieName) === '1';
  return markerSeen;
}

function subscribeNever(): () => void {
  return () => {};
}
