import type { LightMyRequestResponse } from 'fastify';
import { errorOf, makeUser, ok, type TestApp, type TestRoute } from '../helper';
import { signIn } from '../identity';
import { withChallenge, type CaptchaClient } from './captcha';
import { storeFile } from './stored-file';

/*
 * Two probes of the route battery, over every route of the table that names an account or takes
 * a guessable secret, so a route added tomorrow is judged too (or fails until it is listed):
 * - enumeration: a call about an address with an account and the same call about one without
 *   answer alike (status, error reason, body fields);
 * - lockouts: a client that guesses a secret many times (solving every challenge it is asked)
 *   never keeps another client that knows it out, and a client that spends a quota of an account
 *   (codes mailed to it) never spends it for another.
 */

/** A route as the battery sends it: its method, its pattern and the fields of its body and query. */
export interface ProbedRoute {
  route: TestRoute;
  method: string;
  fields: readonly string[];
}

const accountFields = new Set(['email', 'username']);
const secretFields = new Set(['password', 'old_password', 'pass_code']);

/** Bodies of each route that names an account, in every variant a caller may send. */
const accountProbes: Record<string, ((email: string) => Record<string, unknown>)[]> = {
  'POST /v1/auth/verification': [
    (email) => ({ email, target: 'USER', usage: 'PASSWORD_RESET', client_id: 'web' }),
    (email) => ({ email, target: 'ANY', usage: 'PASSWORD_RESET', client_id: 'web' }),
    (email) => ({ email, target: 'ANY', usage: 'REGISTER', client_id: 'web' }),
  ],
  'POST /v1/auth/signin': [
    (username) => ({ username, password: 'wrong horse 1', client_id: 'web' }),
  ],
  'POST /v1/auth/signup': [
    (email) => ({
      email,
      password: 'new horse 2',
      verification_token: 'x'.repeat(43),
      client_id: 'web',
    }),
  ],
  // Console calls (an admin's, signed out here): the guard answers before the address is read.
  'POST /audit.admin/v1/roles::grant': [(email) => ({ email, role: 'support', reason: 'probe' })],
  'POST /audit.admin/v1/roles::revoke': [(email) => ({ email, reason: 'probe' })],
  'GET /audit.admin/v1/members': [(email) => ({ email })],
  'POST /v1/auth/reset': [
    (email) => ({
      email,
      new_password: 'new horse 2',
      verification_token: 'x'.repeat(43),
      client_id: 'web',
    }),
  ],
};

/** A route that takes a guessable secret, as the lockout probe guesses at it. */
interface SecretProbe {
  /** Wrong guesses the guesser makes from one client (past every limit of the route on it). */
  guesses: number;
  /** Wrong guesses after those, each from a client of its own: a guesser spread over many. */
  spread: number;
  /** Makes what the secret guards; answers the right secret and how to send an attempt. */
  setUp(t: TestApp): Promise<{
    right: string;
    captcha: { action: string; meta: Record<string, string> };
    send(
      client: CaptchaClient,
      secret: string,
      captchaToken?: string,
    ): Promise<LightMyRequestResponse>;
    isAdmitted(response: LightMyRequestResponse): boolean;
  }>;
  /** Whether the guesser itself, with a solved challenge and the right secret, gets in. */
  guesserWithRight: 'admitted' | 'refused';
}

const secretProbes: Record<string, SecretProbe> = {
  // No secret, but a quota per address that one client could spend for everyone: the codes mailed.
  'POST /v1/auth/verification': {
    guesses: 7,
    spread: 4,
    guesserWithRight: 'refused',
    async setUp(t) {
      const member = await makeUser(t);
      return {
        right: '',
        captcha: { action: 'POST:/v1/auth/verification', meta: { email: member.email } },
        send: (client, _secret, captchaToken) =>
          t.app.inject({
            method: 'POST',
            url: '/v1/auth/verification',
            remoteAddress: client.address,
            headers: { 'x-device-id': client.deviceId },
            payload: {
              email: member.email,
              target: 'USER',
              usage: 'PASSWORD_RESET',
              client_id: 'web',
              ...(captchaToken ? { captcha_token: captchaToken } : {}),
            },
          }),
        isAdmitted: (response) => response.statusCode === 200,
      };
    },
  },
  'POST /v1/auth/signin': {
    guesses: 16,
    spread: 4,
    guesserWithRight: 'refused',
    async setUp(t) {
      const member = await makeUser(t);
      return {
        right: member.password,
        captcha: { action: 'POST:/v1/auth/signin', meta: { email: member.email } },
        send: (client, password, captchaToken) =>
          t.app.inject({
            method: 'POST',
            url: '/v1/auth/signin',
            remoteAddress: client.address,
            headers: { 'x-device-id': client.deviceId },
            payload: {
              client_id: 'web',
              username: member.email,
              password,
              ...(captchaToken ? { captcha_token: captchaToken } : {}),
            },
          }),
        isAdmitted: (response) => response.statusCode === 200,
      };
    },
  },
  'GET /drive/v1/share': {
    guesses: 22,
    spread: 10,
    guesserWithRight: 'admitted',
    async setUp(t) {
      const owner = await makeUser(t);
      const headers = {
        authorization: `Bearer ${(await signIn(t, owner.email, owner.password)).access_token}`,
      };
      const file = await storeFile(t, owner.id, 'plans.txt', 'the plans');
      const made = ok<{ share_id: string; pass_code: string }>(
        await t.app.inject({
          method: 'POST',
          url: '/drive/v1/share',
          headers,
          payload: { file_ids: [file.id] },
        }),
      );
      return {
        right: made.pass_code,
        captcha: { action: 'GET:/drive/v1/share', meta: { username: `share:${made.share_id}` } },
        send: (client, passCode, captchaToken) =>
          t.app.inject({
            method: 'GET',
            url: `/drive/v1/share?${new URLSearchParams({ share_id: made.share_id, pass_code: passCode }).toString()}`,
            remoteAddress: client.address,
            headers: {
              'x-device-id': client.deviceId,
              'x-client-id': 'web',
              ...(captchaToken ? { 'x-captcha-token': captchaToken } : {}),
            },
          }),
        isAdmitted: (response) =>
          response.statusCode === 200 &&
          response.json<{ share_status: string }>().share_status === 'OK',
      };
    },
  },
};

/** Routes with such a field that look no account up or guess nothing, with the reason. */
export const exemptRoutes: Readonly<Record<string, string>> = {
  'POST /v1/auth/signup':
    "the password is the new account's own; nothing is guessed (the address is probed above)",
  'POST /v1/user/two-factor/disable':
    'the signed-in member proves their own password; limited per member',
  'POST /v1/user/two-factor/recovery-codes':
    'the signed-in member proves their own password; limited per member',
  'POST /v1/user/deletion': 'the signed-in member proves their own password; limited per member',
  'POST /v1/user/email':
    'the signed-in member proves their own password; limited per member and per new address',
  'POST /v1/user/password':
    'the signed-in member proves their own old password; limited per member',
};

/** The shape of an answer that may be told apart: status, error reason or body fields, type. */
function shapeOf(response: LightMyRequestResponse): string {
  const type = String(response.headers['content-type'] ?? '');
  if (response.statusCode >= 400) {
    return `${response.statusCode} ${errorOf(response).error} ${type}`;
  }
  return `${response.statusCode} ${Object.keys(response.json<object>()).sort().join(',')} ${type}`;
}

/** The enumeration and lockout probes over the given routes; answers what failed and what was probed. */
export async function runAccountProbes(
  t: TestApp,
  routes: readonly ProbedRoute[],
): Promise<{ failures: string[]; probed: string[] }> {
  const failures: string[] = [];
  const probed: string[] = [];
  let clients = 0;
  const freshClient = (): CaptchaClient => {
    clients += 1;
    return {
      deviceId: clients.toString(16).padStart(32, 'd'),
      address: `198.18.${Math.floor(clients / 250)}.${(clients % 250) + 1}`,
    };
  };
  const member = await makeUser(t);

  // HEAD and OPTIONS read no body and check no secret: their GET and POST are probed.
  for (const { route, method, fields } of routes.filter(
    (each) => each.method !== 'HEAD' && each.method !== 'OPTIONS',
  )) {
    const key = `${method} ${route.url}`;
    if (fields.some((field) => accountFields.has(field))) {
      const probes = accountProbes[key];
      if (!probes) {
        failures.push(
          `${key}: names an account but has no enumeration probe (add it to accountProbes)`,
        );
      }
      probed.push(`${key} (account)`);
      for (const [index, body] of (probes ?? []).entries()) {
        const answers: LightMyRequestResponse[] = [];
        for (const email of [member.email, `nobody-${index}-${clients}@example.com`]) {
          const client = freshClient();
          answers.push(
            await t.app.inject({
              method: method as 'POST',
              url: route.url,
              remoteAddress: client.address,
              headers: { 'x-device-id': client.deviceId },
              payload: body(email),
            }),
          );
        }
        const [known, unknown] = answers;
        if (known && unknown && shapeOf(known) !== shapeOf(unknown)) {
          failures.push(
            `${key} (variant ${index}): an address with an account answers ${shapeOf(known)}, one without ${shapeOf(unknown)}`,
          );
        }
      }
    }
    // A route with a probe of its own is probed whatever its fields (a quota anyone could spend).
    const isGuarded =
      fields.some((field) => secretFields.has(field)) || secretProbes[key] !== undefined;
    if (isGuarded && exemptRoutes[key]) {
      probed.push(`${key} (exempt)`);
    } else if (isGuarded) {
      const probe = secretProbes[key];
      if (!probe) {
        failures.push(
          `${key}: takes a guessable secret but has no lockout probe (add it to secretProbes or exempt it)`,
        );
        continue;
      }
      probed.push(`${key} (secret)`);
      const target = await probe.setUp(t);
      const attempt = (client: CaptchaClient, secret: string) =>
        withChallenge(t, client, target.captcha, (token) => target.send(client, secret, token));
      const guesser = freshClient();
      for (let i = 0; i < probe.guesses + probe.spread; i += 1) {
        await attempt(i < probe.guesses ? guesser : freshClient(), `Wrong${i}x horse`);
      }
      const visitor = await attempt(freshClient(), target.right);
      if (!target.isAdmitted(visitor)) {
        failures.push(
          `${key}: after ${probe.guesses} wrong guesses from one client and ${probe.spread} from others, the right secret from another answers ${shapeOf(visitor)}`,
        );
      }
      const own = await attempt(guesser, target.right);
      if (target.isAdmitted(own) !== (probe.guesserWithRight === 'admitted')) {
        failures.push(
          `${key}: the guesser with a solved challenge and the right secret answers ${shapeOf(own)} (expected ${probe.guesserWithRight})`,
        );
      }
    }
  }
  return { failures, probed };
}
