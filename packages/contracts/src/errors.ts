/**
 * The error kinds of docs/product.md#error-catalogue with their numeric codes. The first sixteen
 * follow the gRPC status codes; the 4xxx group belongs to the user service and the OAuth flows;
 * `unreachable` and `local` never leave a server: clients create them for network failures and
 * local problems (a lock timeout, say).
 */
export const errorKinds = {
  cancelled: 1,
  unknown: 2,
  invalid_argument: 3,
  deadline_exceeded: 4,
  not_found: 5,
  already_exists: 6,
  permission_denied: 7,
  resource_exhausted: 8,
  failed_precondition: 9,
  aborted: 10,
  out_of_range: 11,
  unimplemented: 12,
  internal: 13,
  unavailable: 14,
  data_loss: 15,
  unauthenticated: 16,
  captcha_required: 4001,
  captcha_invalid: 4002,
  invalid_password: 4010,
  invalid_status: 4011,
  user_pending: 4012,
  user_blocked: 4013,
  invalid_verification_code: 4014,
  two_factor_required: 4015,
  invalid_two_factor: 4016,
  invalid_two_factor_recovery: 4017,
  under_review: 4018,
  provider_error: 4019,
  validate_required: 4020,
  password_reset_required: 4021,
  invalid_account_or_password: 4022,
  user_not_exist: 4023,
  expired_verification_code: 4024,
  invalid_request: 4121,
  unauthorized_client: 4122,
  access_denied: 4123,
  unsupported_response_type: 4124,
  invalid_scope: 4125,
  invalid_grant: 4126,
  authorization_pending: 4050,
  slow_down: 4051,
  expired_token: 4052,
  interaction_required: 4031,
  login_required: 4032,
  account_selection_required: 4033,
  consent_required: 4034,
  invalid_request_uri: 4035,
  invalid_request_object: 4036,
  request_not_supported: 4037,
  request_uri_not_supported: 4038,
  registration_not_supported: 4039,
  account_freeze: 50,
  cannot_unlock: 38,
  server_error: 5026,
  temporarily_unavailable: 5027,
  unreachable: 8000,
  local: 8001,
} as const;

export type ErrorKind = keyof typeof errorKinds;

/** The service that owns a reason; written into `ErrorInfo.domain`. */
export type ErrorDomain =
  'drive' | 'user' | 'config' | 'audit' | 'access' | 'vip' | 'api' | 'client';

interface ReasonDefinition {
  /** The kind whose numeric code and HTTP status the reason answers with. */
  readonly kind: ErrorKind;
  readonly domain: ErrorDomain;
  /** For `resource_exhausted`: a used-up quota answers 403, a rate 429 (docs/api.md#errors). */
  readonly quota?: boolean;
}

/**
 * Product reasons: the `error` field of an answer when it names something more precise than a
 * kind. Each one answers with the numeric code and HTTP status of its kind.
 */
export const productReasons = {
  /** The member's storage quota cannot hold the file. */
  file_space_not_enough: { kind: 'resource_exhausted', domain: 'drive', quota: true },
  /** A free member has created as many offline tasks today as the plan allows. */
  task_daily_create_limit: { kind: 'resource_exhausted', domain: 'drive', quota: true },
  /** The monthly download traffic of the member's plan is used up. */
  download_traffic_exhausted: { kind: 'resource_exhausted', domain: 'drive', quota: true },
  /** Too many requests from one address, device or account in a short time. */
  too_many_requests: { kind: 'resource_exhausted', domain: 'api' },
  /** The file does not exist or is not the caller's. */
  file_not_found: { kind: 'not_found', domain: 'drive' },
  /** The file is in the trash and must be restored first. */
  file_in_recycle_bin: { kind: 'failed_precondition', domain: 'drive' },
  /**
   * A new share of content that moderation took down everywhere (the same bytes, by SHA-256):
   * such content cannot be shared again.
   */
  share_content_prohibited: { kind: 'failed_precondition', domain: 'drive' },
  /** A member tried to save their own share into their drive. */
  file_restore_own: { kind: 'failed_precondition', domain: 'drive' },
  /** A rename would give two items of one folder the same name. */
  file_duplicated_name: { kind: 'invalid_argument', domain: 'drive' },
  /**
   * A name the drive does not take (`fileNameProblem`): empty, `.` or `..`, blanks around it, a
   * `/` or `\`, a control character or line break. `ErrorInfo.metadata.problem` says which.
   */
  file_name_invalid: { kind: 'invalid_argument', domain: 'drive' },
  /** A name holding a bidirectional control (U+202E and kin), which can disguise a file's type. */
  file_name_direction_control: { kind: 'invalid_argument', domain: 'drive' },
  /** A name over 255 bytes of UTF-8. */
  file_name_too_long: { kind: 'invalid_argument', domain: 'drive' },
  /** The task cannot be paused or resumed: its type does not support it, or it has ended. */
  task_not_pausable: { kind: 'failed_precondition', domain: 'drive' },
  /** The request body is larger than the server accepts. */
  payload_too_large: { kind: 'invalid_argument', domain: 'api' },
  /** A cookie-authenticated write came from an origin that is not allowed (CSRF). */
  origin_not_allowed: { kind: 'permission_denied', domain: 'api' },
  /**
   * An activation code that does not exist, is malformed or was issued to another member (all
   * answer alike, so the answer tells nothing about other members' codes).
   */
  activation_code_invalid: { kind: 'invalid_argument', domain: 'vip' },
  /** An activation code with no uses left, or one this member has already redeemed. */
  activation_code_used: { kind: 'failed_precondition', domain: 'vip' },
  /** An activation code past its last day of validity. */
  activation_code_expired: { kind: 'failed_precondition', domain: 'vip' },
  /** An activation code the operators revoked before anyone redeemed it. */
  activation_code_revoked: { kind: 'failed_precondition', domain: 'vip' },
  /** A membership task's reward asked for before the task is done. */
  activity_task_not_done: { kind: 'failed_precondition', domain: 'vip' },
  /** A reward (a task's, a compensation) the member has already received: each is given once. */
  activity_reward_claimed: { kind: 'failed_precondition', domain: 'vip' },
  /** A compensation type (`?type=` of the compensation page) that no configuration defines. */
  compensation_not_found: { kind: 'not_found', domain: 'vip' },
  /** A compensation the member may not claim: they joined after the incident it makes up for. */
  compensation_not_eligible: { kind: 'failed_precondition', domain: 'vip' },
  /** An activity or compensation claimed after its end (`activity_operation`'s `ends_at`). */
  activity_ended: { kind: 'failed_precondition', domain: 'vip' },
  /**
   * Payments are not taken here: no payment provider is configured, or the product is not sold
   * through it (members redeem activation codes, or buy in the operator's shop).
   */
  payment_unavailable: { kind: 'failed_precondition', domain: 'vip' },
  /** A product the catalogue does not sell, or not in the currency asked for. */
  payment_product_invalid: { kind: 'invalid_argument', domain: 'vip' },
  /** The member has no subscription (or no payment account) for what was asked. */
  payment_subscription_not_found: { kind: 'not_found', domain: 'vip' },
  /** A payment provider's notice whose signature does not check: forged, altered or too old. */
  payment_signature_invalid: { kind: 'invalid_argument', domain: 'vip' },
  /** An unsubscribe address (`d`) whose signature does not check: forged, altered or cut. */
  unsubscribe_link_invalid: { kind: 'invalid_argument', domain: 'vip' },
  /**
   * A feedback attachment of a type that is not accepted (its bytes are no PNG, JPEG, GIF, WebP,
   * PDF or UTF-8 text), too large, or one too many.
   */
  feedback_attachment_invalid: { kind: 'invalid_argument', domain: 'drive' },
  /** A content link (download, thumbnail, zip) whose signature does not check: forged or altered. */
  content_link_invalid: { kind: 'permission_denied', domain: 'drive' },
  /** A genuine content link past its expiry; the File answers a fresh one. */
  content_link_expired: { kind: 'permission_denied', domain: 'drive' },
  /** Every transcode slot of the server stays busy: the player shows "preparing" and asks again. */
  transcode_busy: { kind: 'unavailable', domain: 'drive' },
  /**
   * A console call (`/audit.admin/v1`) from a session whose last two-factor sign-in is older than
   * 12 hours, or that never had one: the console asks the operator to sign in again with it.
   */
  console_step_up_required: { kind: 'permission_denied', domain: 'audit' },
  /** A video whose bytes cannot be played: damaged, cut short, or not a video container. */
  media_unplayable: { kind: 'failed_precondition', domain: 'drive' },
} as const satisfies Record<string, ReasonDefinition>;

export type ProductReason = keyof typeof productReasons;

/** Anything that can stand in the `error` field of an answer. */
export type ErrorReason = ErrorKind | ProductReason;

export const errorReasons: readonly ErrorReason[] = [
  ...(Object.keys(errorKinds) as ErrorKind[]),
  ...(Object.keys(productReasons) as ProductReason[]),
];

export function isErrorKind(value: string): value is ErrorKind {
  return Object.hasOwn(errorKinds, value);
}

export function isErrorReason(value: string): value is ErrorReason {
  return isErrorKind(value) || Object.hasOwn(productReasons, value);
}

/** The kind a reason answers as. */
export function kindOfReason(reason: ErrorReason): ErrorKind {
  return isErrorKind(reason) ? reason : productReasons[reason].kind;
}

/** The numeric `error_code` of a reason. */
export function errorCodeOf(reason: ErrorReason): number {
  return errorKinds[kindOfReason(reason)];
}

/** The domain written into `ErrorInfo.domain` for a reason. */
export function domainOfReason(reason: ErrorReason): ErrorDomain {
  if (!isErrorKind(reason)) {
    return productReasons[reason].domain;
  }
  const code = errorKinds[reason];
  if (code >= 4000 && code < 6000) {
    return 'user';
  }
  if (code === errorKinds.account_freeze || code === errorKinds.cannot_unlock) {
    return 'user';
  }
  if (code >= 8000) {
    return 'client';
  }
  return 'api';
}

/** The HTTP status a reason answers with (docs/api.md#errors). */
export function httpStatusOf(reason: ErrorReason): number {
  const kind = kindOfReason(reason);
  switch (kind) {
    case 'invalid_argument':
    case 'failed_precondition':
    case 'out_of_range':
    case 'cancelled':
    case 'captcha_required':
    case 'captcha_invalid':
      return 400;
    case 'unauthenticated':
      return 401;
    case 'permission_denied':
      return 403;
    case 'not_found':
      return 404;
    case 'already_exists':
    case 'aborted':
      return 409;
    case 'resource_exhausted':
      return !isErrorKind(reason) && 'quota' in productReasons[reason] ? 403 : 429;
    case 'unimplemented':
      return 501;
    case 'unavailable':
    case 'temporarily_unavailable':
      return 503;
    case 'deadline_exceeded':
      return 504;
    case 'internal':
    case 'unknown':
    case 'data_loss':
    case 'server_error':
    case 'unreachable':
    case 'local':
      return 500;
    case 'provider_error':
      return 502;
    case 'two_factor_required':
    case 'login_required':
      return 401;
    case 'user_pending':
    case 'user_blocked':
    case 'under_review':
    case 'password_reset_required':
    case 'account_freeze':
    case 'cannot_unlock':
      return 403;
    case 'user_not_exist':
      return 404;
    case 'unauthorized_client':
      // RFC 6749 §5.2 gives 401 only to a client that failed to authenticate.
      return 401;
    case 'invalid_password':
    case 'invalid_status':
    case 'invalid_verification_code':
    case 'invalid_two_factor':
    case 'invalid_two_factor_recovery':
    case 'validate_required':
    case 'invalid_account_or_password':
    case 'expired_verification_code':
    case 'invalid_request':
    case 'access_denied':
    case 'unsupported_response_type':
    case 'invalid_scope':
    case 'invalid_grant':
    case 'authorization_pending':
    case 'slow_down':
    case 'expired_token':
    case 'interaction_required':
    case 'account_selection_required':
    case 'consent_required':
    case 'invalid_request_uri':
    case 'invalid_request_object':
    case 'request_not_supported':
    case 'request_uri_not_supported':
    case 'registration_not_supported':
      return 400;
  }
}
