'use client';

import { useEffect, useState } from 'react';
import { getCookie } from '@nimbus/client';
import { X } from 'lucide-react';
import { oauthPendingCookieName } from '@/guards/login-handoff.guard';
import { readPublicConfig } from '@/lib/public-config';
import { clearCredentials, rememberLoginScene, setHandoffRunning } from './credentials';
import type { HandoffPlan } from './handoff';
import {
  authCodeHeader,
  loopbackTimeoutMs,
  loopbackUrl,
  planHandoff,
  withoutHandoffParams,
} from './handoff';
import { takeHandoff } from './handoff-actions';
import { createPkcePair } from './pkce';

/** The translated texts of the hand-off notice. */
export interface LoginHandoffTexts {
  /** Shown while the hand-off signs in. */
  signingIn: string;
  /** Shown when the code could not be obtained or exchanged. */
  failed: string;
  /** Label of the notice's close button. */
  dismiss: string;
}

/** Set once the page has taken its hand-off, so it is consumed at most once per page. */
let taken = false;

/** The message logged when a hand-off code fails (spec section 8). */
export const invalidAuthCodeLog = 'invalid auth code!';

/**
 * Asks the desktop app on its loopback port for a code made for the site's PKCE challenge:
 * a credential-free POST answered in the `X-Auth-Code` header, within 5 s.
 */
async function askDesktopApp(
  plan: Extract<HandoffPlan, { kind: 'loopback' }>,
  challenge: string,
  redirectUri: string,
  clientId: string,
): Promise<string> {
  const response = await fetch(loopbackUrl(plan.port), {
    method: 'POST',
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: plan.state,
      redirect_uri: redirectUri,
      client_id: clientId,
    }),
    signal: AbortSignal.timeout(loopbackTimeoutMs),
  });
  const code = response.headers.get(authCodeHeader);
  if (!response.ok || !code) {
    throw new Error(`the desktop app answered ${response.status} without a code`);
  }
  return code;
}

/**
 * Carries out a hand-off plan: signs out any old session, gets the code, exchanges it. The API
 * client and the session calls load only here, so pages without a hand-off never download them.
 */
async function runHandoff(plan: HandoffPlan): Promise<void> {
  const [{ exchangeAuthCode, signOut, webRedirectUri }, { webClientId }] = await Promise.all([
    import('./session'),
    import('./browser-client'),
  ]);
  const publicUrl = readPublicConfig()?.publicUrl ?? window.location.origin;
  const redirectUri = webRedirectUri(publicUrl);
  try {
    await signOut();
  } catch {
    clearCredentials();
  }
  if (plan.kind === 'code') {
    await exchangeAuthCode({ code: plan.code, redirectUri, codeVerifier: plan.codeVerifier });
    return;
  }
  const pair = await createPkcePair();
  const code = await askDesktopApp(plan, pair.challenge, redirectUri, webClientId);
  await exchangeAuthCode({ code, redirectUri, codeVerifier: pair.verifier });
}

/**
 * Global guard 3 in the browser (spec sections 2 and 4): when the proxy kept a login hand-off
 * (the `oauth_pending` marker), removes its parameters from the URL, takes it from the HttpOnly
 * cookie, signs out any old session and signs in with the handed-off code — supplied by the app,
 * or asked of the desktop app on its loopback port. A failure logs `invalid auth code!` and
 * leaves the visitor signed out with a notice. Renders only that notice.
 */
export function LoginHandoff({ texts }: { texts: LoginHandoffTexts }) {
  const [status, setStatus] = useState<'idle' | 'running' | 'failed' | 'done'>('idle');

  useEffect(() => {
    if (taken || getCookie(oauthPendingCookieName) !== '1') {
      return;
    }
    taken = true;
    // Pages wait for the hand-off before judging the session (the drive's sign-in gate).
    setHandoffRunning(true);
    void (async () => {
      try {
        const handoff = await takeHandoff().catch(() => undefined);
        // A null state lets the router adopt the new URL (Next.js's native history support).
        window.history.replaceState(null, '', withoutHandoffParams(window.location.href));
        const plan = handoff ? planHandoff(handoff) : undefined;
        if (!plan) {
          return;
        }
        rememberLoginScene(window.location.pathname);
        setStatus('running');
        try {
          await runHandoff(plan);
          setStatus('done');
        } catch (cause) {
          console.error(invalidAuthCodeLog, cause);
          clearCredentials();
          setStatus('failed');
        }
      } finally {
        setHandoffRunning(false);
      }
    })();
  }, []);

  if (status !== 'running' && status !== 'failed') {
    return null;
  }
  return (
    <div
      role={status === 'failed' ? 'alert' : 'status'}
      data-testid="login-handoff"
      data-status={status}
      className="fixed inset-x-4 bottom-4 z-[var(--z-header)] mx-auto flex max-w-md items-center gap-3 rounded-lg border bg-background px-4 py-3 text-sm shadow-lg"
    >
      <p className="flex-1">{status === 'failed' ? texts.failed : texts.signingIn}</p>
      {status === 'failed' ? (
        <button
          type="button"
          aria-label={texts.dismiss}
          className="rounded-md p-1 text-muted-foreground hover:text-foreground"
          onClick={() => setStatus('idle')}
        >
          <X aria-hidden className="size-4" />
        </button>
      ) : null}
    </div>
  );
}
