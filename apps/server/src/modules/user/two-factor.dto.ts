import type { TwoFactorStatus } from './two-factor.service';

/** The two-factor state of `GET /v1/user/two-factor`, as the member sees it. */
export function toTwoFactorStatus(status: TwoFactorStatus) {
  return {
    enabled: status.enabled,
    pending: status.pending,
    enabled_at: status.enabledAt,
    recovery_codes_left: String(status.recoveryCodesLeft),
  };
}

/** A started set-up: the secret for manual entry and the URI for a QR code. */
export function toTwoFactorSetup(setup: { secret: string; otpauthUri: string }) {
  return { secret: setup.secret, otpauth_uri: setup.otpauthUri };
}
