import { z } from 'zod';
import { defineEndpoint } from './endpoint';

const short = (max: number, what: string) => z.string().max(max).describe(what);

/**
 * A captcha action as the protected call is compared with: `METHOD:/path`. Clients of the
 * original service send the whole URL (`POST:https://host/v1/auth/signin`); its method and path
 * are what count, so the origin is dropped.
 */
export function actionPath(action: string): string {
  const match = /^([A-Z]+):([a-z][a-z0-9+.-]*:\/\/[^/?#]*)(\/[^?#]*)?/i.exec(action);
  if (match === null) {
    return action;
  }
  return `${match[1]}:${match[3] ?? '/'}`;
}

export const captchaMetaSchema = z
  .object({
    email: short(254, 'Before sign-in: the address the action is about').optional(),
    phone_number: short(32, 'Before sign-in: the phone number the action is about').optional(),
    username: short(254, 'Before sign-in: the user name the action is about').optional(),
    captcha_sign: z
      .string()
      .regex(/^1\.[0-9a-f]{32}$/, 'must be "1." and 32 lower-case hex digits')
      .optional()
      .describe(
        'After sign-in: "1." + md5 chain. Start with client_id + client_version + package_name + ' +
          "device_id + timestamp; for each salt of the client's own list in order, value = md5hex(value + salt).",
      ),
    client_version: short(64, 'After sign-in: the app version that signed').optional(),
    package_name: short(128, 'After sign-in: the app package that signed').optional(),
    user_id: short(64, 'After sign-in: the member id').optional(),
    timestamp: z
      .union([z.string().max(20), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)])
      .transform(String)
      .optional()
      .describe("After sign-in: milliseconds since the epoch; must be within the server's window"),
  })
  .meta({ id: 'CaptchaMeta' });

export const captchaInitRequestSchema = z
  .object({
    client_id: z.string().min(1).max(64),
    action: z
      .string()
      .max(300)
      .transform(actionPath)
      .pipe(
        z
          .string()
          .regex(/^(GET|HEAD|POST|PUT|PATCH|DELETE):\/[\x21-\x7e]*$/, 'must be METHOD:/path'),
      )
      .describe(
        'The protected call, METHOD:/path, e.g. POST:/v1/auth/signin; METHOD:https://host/path is read as METHOD:/path',
      ),
    device_id: z
      .string()
      .regex(/^[0-9a-f]{32}$/, 'must be 32 lower-case hex digits')
      .describe('Also sent as x-device-id with the protected call'),
    captcha_token: z
      .string()
      .max(4096)
      .optional()
      .describe(
        'The previous token of this client ("" when none); it is spent, as this init replaces it',
      ),
    meta: captchaMetaSchema.default({}),
  })
  .meta({ id: 'CaptchaInitRequest' });

export const captchaInitSchema = z
  .object({
    captcha_token: z.string().optional().describe('Given directly when the risk is low'),
    url: z
      .string()
      .optional()
      .describe(
        "When a challenge must be solved: open it with redirect_uri (an allowed origin's /loading) and state appended",
      ),
    expires_in: z.number().int().describe('Seconds the token (or the challenge) stays valid'),
  })
  .meta({ id: 'CaptchaInit' });

export const challengeQuerySchema = z.object({
  id: z.string().min(1).max(64),
  redirect_uri: z.string().min(1).max(2048).describe("An allowed origin's /loading"),
  state: z
    .string()
    .min(1)
    .max(256)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII'),
});

export const challengeSolveRequestSchema = z
  .object({
    challenge_id: z.string().min(1).max(64),
    counter: z.number().int().nonnegative().max(0xffffffff),
    derived_key: z.string().min(2).max(256),
  })
  .meta({ id: 'ChallengeSolveRequest' });

export const captchaTokenSchema = z
  .object({ captcha_token: z.string(), expires_in: z.number().int() })
  .meta({ id: 'CaptchaToken' });

/** The challenge page's scripts, by file name. */
export const challengeAssetParamsSchema = z.object({ '*': z.string().max(64) });

const tags = ['shield'] as const;

/** `/v1/shield`: captcha init, the proof-of-work challenge page and its solution. */
export const shieldApi = {
  captchaInit: defineEndpoint({
    method: 'POST',
    path: '/v1/shield/captcha/init',
    summary: 'A captcha token for a protected action, or a challenge to solve first',
    description:
      'Low risk answers {captcha_token, expires_in} directly. When the failed sign-ins of the ' +
      'account, device or address reach their thresholds it answers {url, expires_in}: open url ' +
      'with redirect_uri and state appended; the page returns captcha_token, expires_in and state ' +
      'to redirect_uri. Tokens are bound to client, action, device (send x-device-id) and subject, ' +
      'and are spent by the protected call when a challenge was required.',
    tags,
    auth: 'visitor',
    body: captchaInitRequestSchema,
    answer: captchaInitSchema,
  }),
  /** HTML: no JSON answer. */
  challenge: defineEndpoint({
    method: 'GET',
    path: '/v1/shield/challenge',
    summary: 'The proof-of-work challenge page (HTML, for the 320x430 modal)',
    description:
      'Served from the url of captcha init with redirect_uri and state appended. Solves the ' +
      'challenge in the browser, then goes to redirect_uri?captcha_token=...&expires_in=...&state=...',
    tags,
    auth: 'visitor',
    query: challengeQuerySchema,
  }),
  /** The challenge page's scripts (not in the API reference). */
  challengeAsset: defineEndpoint({
    method: 'GET',
    path: '/v1/shield/challenge/assets/*',
    summary: 'A script of the challenge page',
    tags,
    auth: 'visitor',
    params: challengeAssetParamsSchema,
  }),
  solveChallenge: defineEndpoint({
    method: 'POST',
    path: '/v1/shield/challenge/solve',
    summary: 'Trade a solved challenge for a captcha token (once per challenge)',
    tags,
    auth: 'visitor',
    body: challengeSolveRequestSchema,
    answer: captchaTokenSchema,
  }),
} as const;
