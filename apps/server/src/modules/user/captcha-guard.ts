/** A protected action and who attempts it, as the captcha shield needs to judge the risk. */
export interface CaptchaCheck {
  /** `METHOD:/path` of the protected call, e.g. `POST:/v1/auth/signin` (docs/api.md#user-service). */
  action: string;
  /** The `captcha_token` of the body, or the `x-captcha-token` header; undefined when absent. */
  captchaToken: string | undefined;
  clientId: string;
  /** `x-device-id`, `""` when absent or malformed. */
  deviceId: string;
  address: string;
  /** The account the action is about (the lower-cased e-mail), `""` when none. */
  subject: string;
}

/**
 * The one seam where the captcha shield plugs into the user service: every protected action
 * asks it before doing anything. It throws `AppError('captcha_required' | 'captcha_invalid')`
 * to refuse; the failed-attempt counters (`auth_failures`) are its measure of risk. The captcha
 * shield (`modules/shield`) implements it.
 */
export interface CaptchaGuard {
  check(attempt: CaptchaCheck): Promise<void>;
}
