import { z } from 'zod';
import { displayNameSchema, emptySchema, verificationSchema } from './auth';
import { defineEndpoint } from './endpoint';

export const profileSchema = z
  .object({
    sub: z.string(),
    name: z.string(),
    email: z.string().describe('Masked'),
    phone_number: z.string().describe('Masked, "" when none'),
    picture: z.string().describe('Avatar URL, "" when none'),
    password: z.enum(['SET', '']).describe('"SET" when the account has a password'),
    status: z.enum(['pending', 'active', 'blocked', 'frozen', 'under_review']),
    created_at: z.string(),
  })
  .meta({ id: 'Profile' });

export const profilePatchSchema = z
  .object({
    name: displayNameSchema.optional(),
    picture: z
      .string()
      .max(2048)
      .refine((value) => value === '' || (value.startsWith('https://') && URL.canParse(value)), {
        message: 'must be an https:// URL or ""',
      })
      .optional(),
  })
  .strict()
  .meta({ id: 'ProfilePatch' });

export type Profile = z.infer<typeof profileSchema>;

export const avatarParamsSchema = z.object({ sha256: z.string().max(128) });

export const sessionSummarySchema = z
  .object({
    id: z.string(),
    client_id: z.string().describe('The app the session belongs to: web, tv, desktop, ...'),
    device_id: z.string().describe('The device id the app sent, "" when none'),
    user_agent: z.string(),
    ip: z.string().describe('The address the session was opened from, shortened'),
    created_time: z.string(),
    last_used_time: z.string(),
    expires_time: z.string(),
    current: z.boolean().describe('True for the session this request uses'),
  })
  .meta({ id: 'SessionSummary' });

export const sessionListSchema = z
  .object({ sessions: z.array(sessionSummarySchema) })
  .meta({ id: 'SessionList' });

export const sessionParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const passwordChangeSchema = z
  .object({
    old_password: z
      .string()
      .max(1024)
      .optional()
      .describe('The current password; required when the account has one'),
    new_password: z.string().max(1024),
  })
  .strict()
  .meta({ id: 'PasswordChange' });
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

export const deletionRequestSchema = z
  .object({
    password: z
      .string()
      .max(1024)
      .optional()
      .describe("The account's password; required when the account has one"),
  })
  .strict()
  .meta({ id: 'DeletionRequest' });

export const deletionSchema = z
  .object({
    status: z.literal('under_review'),
    deletion_requested_at: z.string(),
    purge_after: z.string().describe('From when the operator may delete the account for good'),
  })
  .meta({ id: 'Deletion' });
export type Deletion = z.infer<typeof deletionSchema>;

export const deletionTermsSchema = z
  .object({
    grace_days: z.number().int().describe('Days between a request and the purge'),
    purge_after: z
      .string()
      .describe('When the account would be deleted for good if the request were made now'),
  })
  .meta({ id: 'DeletionTerms' });

export const emailChangeRequestSchema = z
  .object({
    new_email: z.email().max(254).describe('The new address; compared without case'),
    password: z
      .string()
      .max(1024)
      .optional()
      .describe("The account's password; required when the account has one"),
  })
  .strict()
  .meta({ id: 'EmailChangeRequest' });

export const emailChangeConfirmSchema = z
  .object({
    verification_id: z.string().min(1).max(64),
    verification_code: z.string().min(1).max(32).describe('The code mailed to the new address'),
  })
  .strict()
  .meta({ id: 'EmailChangeConfirm' });

const code = z.string().min(1).max(16).describe('A 6-digit code of the authenticator app');
const recoveryCode = z.string().min(1).max(64).describe('An unused recovery code (xxxxx-xxxxx)');
const password = z.string().min(1).max(4096).describe("The member's password");

export const twoFactorStatusSchema = z
  .object({
    enabled: z.boolean(),
    pending: z.boolean().describe('A set-up waits for its first code'),
    enabled_at: z.string().nullable(),
    recovery_codes_left: z
      .string()
      .describe('Unused recovery codes, as a decimal string (docs/api.md#conventions)'),
  })
  .meta({ id: 'TwoFactorStatus' });

export const twoFactorSetupSchema = z
  .object({
    secret: z.string().describe('Base32 TOTP secret (SHA-1, 6 digits, 30 s), for manual entry'),
    otpauth_uri: z.string().describe('otpauth://totp/... URI to show as a QR code'),
  })
  .meta({ id: 'TwoFactorSetup' });

export const twoFactorConfirmRequestSchema = z
  .object({ code })
  .strict()
  .meta({ id: 'TwoFactorConfirmRequest' });

export const recoveryCodesSchema = z
  .object({
    recovery_codes: z
      .array(z.string())
      .describe('Ten single-use codes; shown once, stored only hashed'),
  })
  .meta({ id: 'RecoveryCodes' });

export const twoFactorDisableRequestSchema = z
  .object({
    password: password.optional(),
    code: code.optional(),
    recovery_code: recoveryCode.optional(),
  })
  .strict()
  .refine(
    (body) =>
      body.password !== undefined || body.code !== undefined || body.recovery_code !== undefined,
    {
      message: 'give password, code or recovery_code',
    },
  )
  .meta({ id: 'TwoFactorDisableRequest' });

export const recoveryCodesRequestSchema = z
  .object({ password: password.optional(), code: code.optional() })
  .strict()
  .refine((body) => body.password !== undefined || body.code !== undefined, {
    message: 'give password or code',
  })
  .meta({ id: 'RecoveryCodesRequest' });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const appPasswordScopeSchema = z
  .enum(['read', 'write'])
  .describe('read: list and download only; write: also upload, change and delete');

export const appPasswordSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    scope: appPasswordScopeSchema,
    created_time: z.string(),
    last_used_time: z.string().describe('"" when never used'),
    last_used_ip: z
      .string()
      .describe('The address it was last used from, shortened; "" when never used'),
  })
  .meta({ id: 'AppPasswordSummary' });

export const appPasswordListSchema = z
  .object({ app_passwords: z.array(appPasswordSummarySchema) })
  .meta({ id: 'AppPasswordList' });

export const appPasswordRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(64).describe('What the member calls it: the app or device'),
    scope: appPasswordScopeSchema,
  })
  .strict()
  .meta({ id: 'AppPasswordRequest' });

export const appPasswordCreatedSchema = z
  .object({
    app_password: appPasswordSummarySchema,
    password: z.string().describe('The password itself: shown this once, stored only hashed'),
  })
  .meta({ id: 'AppPasswordCreated' });

export const appPasswordParamsSchema = z.object({ id: z.string().min(1).max(64) });
export type AppPasswordSummary = z.infer<typeof appPasswordSummarySchema>;

const tags = ['user'] as const;

/**
 * The signed-in member's account (docs/api.md#user-service): profile, avatar, devices, password,
 * e-mail address, two-step verification and the request to delete the account.
 */
export const accountApi = {
  profile: defineEndpoint({
    method: 'GET',
    path: '/v1/user/me',
    summary: "The member's profile",
    tags,
    auth: 'member',
    answer: profileSchema,
  }),
  updateProfile: defineEndpoint({
    method: 'PATCH',
    path: '/v1/user/me',
    summary: "Change the member's name or avatar",
    tags,
    auth: 'member',
    body: profilePatchSchema,
    answer: profileSchema,
  }),
  /** The body is the raw image, not JSON. */
  uploadAvatar: defineEndpoint({
    method: 'PUT',
    path: '/v1/user/me/avatar',
    summary: 'Upload an avatar: the raw PNG, JPEG, GIF or WebP image (at most 2 MiB) as the body',
    tags,
    auth: 'member',
    answer: profileSchema,
  }),
  removeAvatar: defineEndpoint({
    method: 'DELETE',
    path: '/v1/user/me/avatar',
    summary: "Remove the member's avatar",
    tags,
    auth: 'member',
    answer: profileSchema,
  }),
  /** Image bytes: no JSON answer. */
  avatar: defineEndpoint({
    method: 'GET',
    path: '/v1/user/avatar/:sha256',
    summary: "A member's current avatar (public; any other hash answers not_found)",
    tags,
    auth: 'visitor',
    params: avatarParamsSchema,
  }),
  deletionTerms: defineEndpoint({
    method: 'GET',
    path: '/v1/user/deletion',
    summary: 'What asking for deletion now would mean: the grace period and the date of the purge',
    tags,
    auth: 'member',
    answer: deletionTermsSchema,
  }),
  requestDeletion: defineEndpoint({
    method: 'POST',
    path: '/v1/user/deletion',
    summary: 'Ask for the account to be deleted: it turns under_review and every session ends',
    tags,
    auth: 'member',
    body: deletionRequestSchema,
    answer: deletionSchema,
  }),
  requestEmailChange: defineEndpoint({
    method: 'POST',
    path: '/v1/user/email',
    summary:
      'Mail a code to a new e-mail address; the address changes only once the code is confirmed',
    tags,
    auth: 'member',
    body: emailChangeRequestSchema,
    answer: verificationSchema,
  }),
  confirmEmailChange: defineEndpoint({
    method: 'POST',
    path: '/v1/user/email/verify',
    summary:
      'Confirm the code mailed to the new address: the change takes effect, the old address is told',
    tags,
    auth: 'member',
    body: emailChangeConfirmSchema,
    answer: profileSchema,
  }),
  sessions: defineEndpoint({
    method: 'GET',
    path: '/v1/user/sessions',
    summary: 'Where the member is signed in',
    tags,
    auth: 'member',
    answer: sessionListSchema,
  }),
  revokeSession: defineEndpoint({
    method: 'DELETE',
    path: '/v1/user/sessions/:id',
    summary: 'Sign out one device',
    tags,
    auth: 'member',
    params: sessionParamsSchema,
    answer: emptySchema,
  }),
  appPasswords: defineEndpoint({
    method: 'GET',
    path: '/v1/user/app-passwords',
    summary: "The member's app passwords (WebDAV and other apps), with their last use",
    tags,
    auth: 'member',
    answer: appPasswordListSchema,
  }),
  createAppPassword: defineEndpoint({
    method: 'POST',
    path: '/v1/user/app-passwords',
    summary: 'Create an app password, read-only or read-write; the password is answered once',
    tags,
    auth: 'member',
    body: appPasswordRequestSchema,
    answer: appPasswordCreatedSchema,
  }),
  revokeAppPassword: defineEndpoint({
    method: 'DELETE',
    path: '/v1/user/app-passwords/:id',
    summary: 'Revoke an app password; it stops working at once',
    tags,
    auth: 'member',
    params: appPasswordParamsSchema,
    answer: emptySchema,
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/v1/user/password',
    summary: 'Change the password; every other session ends',
    tags,
    auth: 'member',
    body: passwordChangeSchema,
    answer: emptySchema,
  }),
  twoFactorStatus: defineEndpoint({
    method: 'GET',
    path: '/v1/user/two-factor',
    summary: 'Whether two-step verification is on',
    tags,
    auth: 'member',
    answer: twoFactorStatusSchema,
  }),
  twoFactorSetup: defineEndpoint({
    method: 'POST',
    path: '/v1/user/two-factor/setup',
    summary: 'Start two-step verification: a new TOTP secret, pending until confirmed',
    tags,
    auth: 'member',
    answer: twoFactorSetupSchema,
  }),
  twoFactorConfirm: defineEndpoint({
    method: 'POST',
    path: '/v1/user/two-factor/confirm',
    summary: 'Turn two-step verification on with the first code; answers ten recovery codes',
    tags,
    auth: 'member',
    body: twoFactorConfirmRequestSchema,
    answer: recoveryCodesSchema,
  }),
  twoFactorDisable: defineEndpoint({
    method: 'POST',
    path: '/v1/user/two-factor/disable',
    summary: 'Turn two-step verification off with the password, a code or a recovery code',
    tags,
    auth: 'member',
    body: twoFactorDisableRequestSchema,
    answer: emptySchema,
  }),
  recoveryCodes: defineEndpoint({
    method: 'POST',
    path: '/v1/user/two-factor/recovery-codes',
    summary: 'Replace the recovery codes (the old ones stop working), with the password or a code',
    tags,
    auth: 'member',
    body: recoveryCodesRequestSchema,
    answer: recoveryCodesSchema,
  }),
} as const;
