import { z } from 'zod';

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
