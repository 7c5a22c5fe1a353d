import { z } from 'zod';
import { defineEndpoint } from './endpoint';

const clientId = z
  .string()
  .min(1)
  .max(64)
  .describe('A registered client: web, tv, desktop, extension, android, ios');
const email = z.email().max(254).describe('E-mail address; compared without case');
const secret = (what: string) => z.string().min(1).max(4096).describe(what);
const captchaToken = z
  .string()
  .max(4096)
  .optional()
  .describe('Captcha token of the action; also accepted as x-captcha-token');
const controlCharacters = /\p{Cc}/u;

/** A member's display name, as sign-up and the profile take it: 1 to 64 characters, no control characters. */
export const displayNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((value) => !controlCharacters.test(value), 'must not contain control characters');

export const verificationRequestSchema = z
  .object({
    email,
    target: z
      .enum(['ANY', 'USER'])
      .default('ANY')
      .describe(
        'USER: the code is meant for an existing account (reset); answered alike either way, and only an existing account is mailed a reset code',
      ),
    usage: z.enum(['REGISTER', 'PASSWORD_RESET']),
    locale: z
      .string()
      .max(35)
      .optional()
      .describe('Language of the mail; Accept-Language when absent'),
    client_id: clientId,
    captcha_token: captchaToken,
  })
  .meta({ id: 'VerificationRequest' });

export const verificationSchema = z
  .object({
    verification_id: z.string(),
    expires_in: z.number().int().describe('Seconds the code stays valid'),
  })
  .meta({ id: 'Verification' });

export const verifyRequestSchema = z
  .object({
    verification_id: z.string().min(1).max(64),
    verification_code: z.string().min(1).max(32),
    client_id: clientId,
  })
  .meta({ id: 'VerifyRequest' });

export const verificationTokenSchema = z
  .object({ verification_token: z.string().describe('Spent once by sign-up or reset') })
  .meta({ id: 'VerificationToken' });

export const signUpRequestSchema = z
  .object({
    email,
    password: secret('8 to 128 characters, not all of one class'),
    verification_token: secret('From /v1/auth/verification/verify'),
    name: displayNameSchema.optional(),
    client_id: clientId,
    captcha_token: captchaToken,
  })
  .meta({ id: 'SignUpRequest' });

export const signInRequestSchema = z
  .object({
    client_id: clientId,
    username: z.string().min(1).max(254).describe('The e-mail address'),
    password: secret('The password'),
    captcha_token: captchaToken,
    two_factor_code: z
      .string()
      .max(16)
      .optional()
      .describe(
        'With two-factor on: the 6-digit code of the authenticator app. Sign-in answers ' +
          'two_factor_required (4015) after a right password without it; repeat the same call ' +
          'with this field (or recovery_code). A wrong or reused code answers invalid_two_factor (4016).',
      ),
    recovery_code: z
      .string()
      .max(64)
      .optional()
      .describe(
        'With two-factor on: an unused recovery code instead of two_factor_code; a wrong one answers invalid_two_factor_recovery (4017)',
      ),
    cancel_deletion: z
      .boolean()
      .optional()
      .describe(
        "True withdraws the account's deletion request (POST /v1/user/deletion) within " +
          'ACCOUNT_DELETION_GRACE_DAYS and signs in; without it such an account answers under_review (4018)',
      ),
  })
  .meta({ id: 'SignInRequest' });

export const resetRequestSchema = z
  .object({
    email,
    new_password: secret('8 to 128 characters, not all of one class'),
    verification_token: secret('From /v1/auth/verification/verify with usage PASSWORD_RESET'),
    client_id: clientId,
    captcha_token: captchaToken,
  })
  .meta({ id: 'ResetRequest' });

export const revokeRequestSchema = z
  .object({
    token: z
      .string()
      .max(8192)
      .optional()
      .describe('A refresh or access token; the session cookie when absent'),
    token_type_hint: z.string().max(32).optional(),
    client_id: z.string().max(64).optional(),
  })
  .meta({ id: 'RevokeRequest' });

export const tokenRequestSchema = z
  .object({
    grant_type: z
      .string()
      .min(1)
      .max(128)
      .describe(
        'refresh_token, authorization_code or urn:ietf:params:oauth:grant-type:device_code',
      ),
    refresh_token: z.string().max(8192).optional(),
    code: z
      .string()
      .max(1024)
      .optional()
      .describe('authorization_code: the code from /v1/user/authorize'),
    redirect_uri: z
      .string()
      .max(2048)
      .optional()
      .describe('authorization_code: the same redirect_uri as in the authorization request'),
    code_verifier: z
      .string()
      .max(256)
      .optional()
      .describe('authorization_code: the PKCE verifier (public clients)'),
    device_code: z.string().max(1024).optional().describe('device_code: from /v1/auth/device/code'),
    client_secret: z
      .string()
      .max(256)
      .optional()
      .describe('Confidential clients only (client_secret_post)'),
    client_id: clientId,
  })
  .meta({ id: 'TokenRequest' });

export const tokenSchema = z
  .object({
    token_type: z.literal('Bearer'),
    access_token: z.string(),
    refresh_token: z.string(),
    expires_in: z.number().int().describe('Seconds the access token stays valid'),
    sub: z.string().describe('The member id'),
    scope: z.string(),
  })
  .meta({ id: 'Token' });

export const emptySchema = z.object({}).meta({ id: 'Empty' });

export type Token = z.infer<typeof tokenSchema>;
export type SignInRequest = z.input<typeof signInRequestSchema>;

const tags = ['user'] as const;

/** The sign-up, sign-in and token calls of docs/api.md#user-service. */
export const authApi = {
  verification: defineEndpoint({
    method: 'POST',
    path: '/v1/auth/verification',
    summary: 'Mail a verification code for sign-up or password reset',
    tags,
    auth: 'visitor',
    body: verificationRequestSchema,
    answer: verificationSchema,
  }),
  verify: defineEndpoint({
    method: 'POST',
    path: '/v1/auth/verification/verify',
    summary: 'Trade a mailed code for a verification token',
    tags,
    auth: 'visitor',
    body: verifyRequestSchema,
    answer: verificationTokenSchema,
  }),
  signUp: defineEndpoint({
    method: 'POST',
    path: '/v1/auth/signup',
    summary: 'Create an account with a verified e-mail address and sign in',
    tags,
    auth: 'visitor',
    body: signUpRequestSchema,
    answer: tokenSchema,
  }),
  signIn: defineEndpoint({
    method: 'POST',
    path: '/v1/auth/signin',
    summary: 'Sign in with e-mail address and password',
    tags,
    auth: 'visitor',
    body: signInRequestSchema,
    answer: tokenSchema,
  }),
  reset: defineEndpoint({
    method: 'POST',
    path: '/v1/auth/reset',
    summary: 'Set a new password with a verification token; signs out every session',
    tags,
    auth: 'visitor',
    body: resetRequestSchema,
    answer: emptySchema,
  }),
  token: defineEndpoint({
    method: 'POST',
    path: '/v1/auth/token',
    summary:
      'Exchange a grant for tokens (refresh_token, authorization_code, device_code); JSON or form-encoded',
    tags,
    auth: 'visitor',
    body: tokenRequestSchema,
    answer: tokenSchema,
  }),
  revoke: defineEndpoint({
    method: 'POST',
    path: '/v1/auth/revoke',
    summary: 'Sign out: end the session of a token, or of the session cookie',
    tags,
    auth: 'visitor',
    body: revokeRequestSchema,
    answer: emptySchema,
  }),
} as const;
