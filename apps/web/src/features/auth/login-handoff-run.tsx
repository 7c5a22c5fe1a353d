'use client';

import { useEffect, useState } from 'react';
import { defaultStorage, getCookie } from '@nimbus/client';
import { X } from 'lucide-react';
import { oauthPendingCookieName } from '@/guards/login-handoff.guard';
import { readPublicConfig } from '@/lib/public-config';
import { clearCredentials, rememberLoginScene, setHandoffRunning } from '@/lib/session/credentials';
import type { HandoffPlan } from './handoff';
import {
  authCodeHeader,
  loopbackTimeoutMs,
  loopbackUrl,
  planHandoff,
  withoutHandoffParams,
} from './handoff';
import { takeHandoff } from './handoff-actions';
import { rememberBegunFlow, takeBegunFlow } from './handoff-flows';
import type { LoginHandoffTexts } from './login-handoff';
import { createPkcePair } from './pkce';

/** Set once the page has taken its hand-off, so it is consumed at most once per page. */
let taken = false;

/** The message logged when a hand-off code fails (docs/product.md#error-catalogue). */
export const invalidAuthCodeLog = 'invalid auth code!';

/**
 * Asks the desktop app on its loopback port for a code made for the site's PKCE challenge:
 * a credential-free POST answered in the `X-Auth-Code` header, within 5 s. An app that answers
 * 202 without a code will supply it later in a page's query (`?code=…&state=…`): undefined.
 */
async function askDesktopApp(
  plan: Extract<HandoffPlan, { kind: 'loopback' }>,
  challenge: string,
  redirectUri: string,
  clientId: string,
): Promise<string | undefined> {
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
  if (response.status === 202 && !code) {
    return undefined;
  }
  if (!response.ok || !code) {
    throw new Error(`the desktop app answered ${response.status} without a code`);
  }
  return code;
}

/** How a hand-off ended. */
type HandoffOutcome =
  /** The browser is signed in as the handed-off member. */
  | 'signed-in'
  /** The app took the challenge and will supply the code in a page's query. */
  | 'awaiting-code'
  /** A code whose state names no flow begun in this browser: ignored, nobody signed out. */
  | 'not-begun-here';

/**
 * Carries out a hand-off plan. A supplied code is exchanged only with the verifier of the flow
 * this browser began with its state; the desktop app is asked with a PKCE pair made here. Any old
 * session is signed out only once a code of such a flow is in hand (`onSigningIn` is called
 * then), so a link that answers no flow of this browser signs nobody out. The API client and the
 * session calls load only here, so pages without a hand-off never download them.
 */
async function runHandoff(plan: HandoffPlan, onSigningIn: () => void): Promise<HandoffOutcome> {
  const storage = defaultStorage();
  let code: string;
  let verifier: string;
  if (plan.kind === 'code') {
    const flow = takeBegunFlow(storage, plan.state, Date.now());
    if (!flow) {
      return 'not-begun-here';
    }
    code = plan.code;
    verifier = flow.verifier;
  } else {
    const [{ webRedirectUri }, { webClientId }] = await Promise.all([
      import('@/lib/session/session'),
      import('@/lib/api/browser-client'),
    ]);
    const pair = await createPkcePair();
    const answered = await askDesktopApp(
      plan,
      pair.challenge,
      webRedirectUri(sitePublicUrl()),
      webClientId,
    );
    if (answered === undefined) {
      rememberBegunFlow(storage, { state: plan.state, verifier: pair.verifier }, Date.now());
      return 'awaiting-code';
    }
    code = answered;
    verifier = pair.verifier;
  }
  onSigningIn();
  const { exchangeAuthCode, signOut, webRedirectUri } = await import('@/lib/session/session');
  try {
    await signOut();
  } catch {
    clearCredentials();
  }
  await exchangeAuthCode({
    code,
    redirectUri: webRedirectUri(sitePublicUrl()),
    codeVerifier: verifier,
  });
  return 'signed-in';
}

function sitePublicUrl(): string {
  return readPublicConfig()?.publicUrl ?? window.location.origin;
}

/**
 * Global guard 3 in the browser (docs/product.md #screens-and-routes and #states), once
 * `LoginHandoff` saw the proxy's `oauth_pending` marker: removes the hand-off's parameters from
 * the URL, takes it from the HttpOnly cookie and carries it out (`runHandoff`): a supplied code of
 * a flow this browser began, or the desktop loopback flow. A failure logs `invalid auth code!`
 * with a notice (the visitor is signed out only if it came after the sign-out); a code of no flow
 * begun here is logged and ignored. Renders only that notice.
 */
export function LoginHandoffRun({ texts }: { texts: LoginHandoffTexts }) {
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
        let signingIn = false;
        try {
          const outcome = await runHandoff(plan, () => {
            signingIn = true;
            rememberLoginScene(window.location.pathname);
            setStatus('running');
          });
          if (outcome === 'not-begun-here') {
            console.error(invalidAuthCodeLog, 'the hand-off was not begun in this browser');
          }
          setStatus(outcome === 'signed-in' ? 'done' : 'idle');
        } catch (cause) {
          console.error(invalidAuthCodeLog, cause);
          // Before the sign-out the old session is intact: its stored credentials stay.
          if (signingIn) {
            clearCredentials();
          }
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
