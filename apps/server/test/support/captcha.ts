import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { errorOf, type TestApp } from '../helper';

/** The data block of the challenge page. */
export interface ChallengePageData {
  id: string;
  challenge: Challenge;
  redirect_uri: string;
  state: string;
  solve_url: string;
}

/** Reads the data block out of the challenge page's HTML. */
export function challengePageDataOf(html: string): ChallengePageData {
  const match = /<script type="application\/json" id="nimbus-challenge">(.*?)<\/script>/s.exec(
    html,
  );
  expect(match).not.toBeNull();
  return JSON.parse(match?.[1] ?? '{}') as ChallengePageData;
}

/** Opens a challenge url as the web app's modal would, solves it with altcha's solver, and answers the token. */
export async function solveChallengeUrl(
  t: TestApp,
  url: string,
  state = 'st-1',
): Promise<{ captcha_token: string; expires_in: number }> {
  const page = new URL(url);
  page.searchParams.set('redirect_uri', 'http://nimbus.test/loading');
  page.searchParams.set('state', state);
  const response = await t.app.inject({ method: 'GET', url: `${page.pathname}${page.search}` });
  expect(response.statusCode, response.body).toBe(200);
  const data = challengePageDataOf(response.body);
  expect(data.state).toBe(state);
  const solution = await solveChallenge({ challenge: data.challenge, deriveKey });
  expect(solution).not.toBeNull();
  const solved = await t.app.inject({
    method: 'POST',
    url: data.solve_url,
    payload: {
      challenge_id: data.id,
      counter: solution?.counter,
      derived_key: solution?.derivedKey,
    },
  });
  expect(solved.statusCode, solved.body).toBe(200);
  return solved.json();
}

/** A client as the protected calls and the captcha shield see it. */
export interface CaptchaClient {
  deviceId: string;
  address: string;
}

/**
 * A challenge-earned token for an action, as a client at high risk gets one: init (which must
 * answer a challenge, not a direct token) from the client's device and address, then a solution.
 */
export async function solvedCaptchaToken(
  t: TestApp,
  client: CaptchaClient,
  action: string,
  meta: Record<string, string>,
): Promise<string> {
  const init = await t.app.inject({
    method: 'POST',
    url: '/v1/shield/captcha/init',
    remoteAddress: client.address,
    payload: { client_id: 'web', action, device_id: client.deviceId, meta },
  });
  expect(init.statusCode, init.body).toBe(200);
  const { url } = init.json<{ url?: string }>();
  expect(url, 'the shield gave a token without a challenge').toBeDefined();
  return (await solveChallengeUrl(t, url ?? '')).captcha_token;
}

/**
 * A call as a determined client makes it: sent as it is, and once more with a solved challenge
 * when the shield asks for one.
 */
export async function withChallenge(
  t: TestApp,
  client: CaptchaClient,
  captcha: { action: string; meta: Record<string, string> },
  send: (captchaToken?: string) => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse> {
  const first = await send();
  if (first.statusCode !== 400 || errorOf(first).error !== 'captcha_required') {
    return first;
  }
  return send(await solvedCaptchaToken(t, client, captcha.action, captcha.meta));
}
