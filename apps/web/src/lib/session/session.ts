import { ApiError } from '@nimbus/client';
import { errorKinds, type SignInRequest } from '@nimbus/contracts';
import { emitAppEvent, type AppEvents } from '@/lib/app-events';
import { webClientId } from '@/lib/api/browser-client';
import { fetchQuotaAbout } from './about-query';
import {
  profileCall,
  requestVerificationCall,
  resetPasswordCall,
  revokeCall,
  signInCall,
  signUpCall,
  tokenCall,
  updateProfileCall,
  verifyCodeCall,
  vipCall,
  type Token,
} from './account-api';
import type { Profile } from './credentials';
import {
  clearCredentials,
  clearUserId,
  readCredentials,
  storeCredentials,
  storeProfile,
  storeUserInfo,
} from './credentials';
import { runProfileRefresh } from './profile-refresh';

/*
 * The calls of the sign-in flows (docs/api.md#user-service) and the profile refresh of docs/product.md#states. Every
 * call goes through the browser's API client, so captcha renewal and retries apply.
 */

/**
 * What a sign-in sends besides the e-mail address and password: a second factor, and whether it
 * withdraws the account's deletion request.
 */
export type SecondFactor = Pick<
  SignInRequest,
  'two_factor_code' | 'recovery_code' | 'cancel_deletion'
>;

/** Why a verification code is mailed. */
export type VerificationUsage = 'REGISTER' | 'PASSWORD_RESET';

async function afterSignIn(
  token: Token,
  method: AppEvents['after-login']['method'],
): Promise<void> {
  storeCredentials(token);
  await refreshProfile();
  emitAppEvent('after-login', { method });
}

/** The reason of a refused sign-in, for the `login-failed` event (`unreachable` for no answer). */
function failureReasonOf(cause: unknown): string {
  return cause instanceof ApiError ? cause.error : 'unreachable';
}

/** Signs in with e-mail and password (and a second factor when asked); stores the session. */
export async function signIn(
  email: string,
  password: string,
  second: SecondFactor = {},
): Promise<void> {
  let token: Token;
  try {
    token = await signInCall(
      { client_id: webClientId, username: email, password, ...second },
      { captcha: true, captchaMeta: { email } },
    );
  } catch (cause) {
    // Asking for the second factor is a step of the sign-in, not a failure.
    if (!(cause instanceof ApiError && cause.error === 'two_factor_required')) {
      emitAppEvent('login-failed', { reason: failureReasonOf(cause) });
    }
    throw cause;
  }
  await afterSignIn(token, 'password');
}

/** Mails a 6-digit code; resolves the verification id. */
export async function requestVerification(
  email: string,
  usage: VerificationUsage,
  locale: string,
): Promise<string> {
  const answer = await requestVerificationCall(
    {
      email,
      target: usage === 'REGISTER' ? 'ANY' : 'USER',
      usage,
      locale,
      client_id: webClientId,
    },
    { captcha: true, captchaMeta: { email } },
  );
  return answer.verification_id;
}

/** Trades a mailed code for a verification token. */
export async function verifyCode(verificationId: string, code: string): Promise<string> {
  const answer = await verifyCodeCall({
    verification_id: verificationId,
    verification_code: code,
    client_id: webClientId,
  });
  return answer.verification_token;
}

/** Creates the account and signs in. */
export async function signUp(input: {
  email: string;
  password: string;
  name: string;
  verificationToken: string;
}): Promise<void> {
  const token = await signUpCall(
    {
      email: input.email,
      password: input.password,
      verification_token: input.verificationToken,
      ...(input.name.trim() ? { name: input.name.trim() } : {}),
      client_id: webClientId,
    },
    { captcha: true, captchaMeta: { email: input.email } },
  );
  await afterSignIn(token, 'sign-up');
}

/** Sets a new password with a verification token. */
export async function resetPassword(input: {
  email: string;
  password: string;
  verificationToken: string;
}): Promise<void> {
  await resetPasswordCall(
    {
      email: input.email,
      new_password: input.password,
      verification_token: input.verificationToken,
      client_id: webClientId,
    },
    { captcha: true, captchaMeta: { email: input.email } },
  );
}

/**
 * The profile refresh of docs/product.md#states (`runProfileRefresh`) with the browser's calls and
 * storage: false without stored credentials; false after clearing the user id when the profile
 * or the VIP state cannot be fetched; else stores both, sets the user id cookie, and resolves true.
 * The refresh of a page load may take the quota the page's cache holds as fresh (`reuseQuota`);
 * a refresh after a change (a purchase, a redeemed code) asks the server again.
 */
export function refreshProfile({
  reuseQuota = false,
}: { reuseQuota?: boolean } = {}): Promise<boolean> {
  return runProfileRefresh({
    readCredentials,
    fetchProfile: () => profileCall({ retries: 0 }),
    fetchVip: async () => (await vipCall({ retries: 0 })).data,
    fetchQuota: async () => {
      const about = await fetchQuotaAbout(reuseQuota);
      return {
        limit: Number(about.quota.limit),
        usage: Number(about.quota.usage),
        overStorageLimit: about.over_storage_limit,
        overFreeTaskLimit: about.over_free_task_limit,
      };
    },
    storeUserInfo,
    clearUserId,
    clearCredentials,
    isUnauthenticated: (cause) =>
      cause instanceof ApiError && cause.error_code === errorKinds.unauthenticated,
  });
}

/** Changes the member's name; resolves the new profile. */
export async function updateName(name: string): Promise<Profile> {
  const profile = await updateProfileCall({ name });
  storeProfile(profile);
  return profile;
}

/** Signs out: ends the session on the server (best effort) and forgets it here. */
export async function signOut(): Promise<void> {
  try {
    await revokeCall({ client_id: webClientId }, { retries: 0 });
  } finally {
    clearCredentials();
  }
}

/** The redirect URI of the site's own authorization codes: `PUBLIC_URL/auth-success`. */
export function webRedirectUri(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/auth-success`;
}

/**
 * Trades an authorization code of the login hand-off for a session (grant `authorization_code`,
 * client `web`), then stores the credentials and refreshes the profile like a sign-in.
 */
export async function exchangeAuthCode(input: {
  code: string;
  redirectUri: string;
  codeVerifier?: string;
}): Promise<void> {
  const token = await tokenCall(
    {
      grant_type: 'authorization_code',
      client_id: webClientId,
      code: input.code,
      redirect_uri: input.redirectUri,
      ...(input.codeVerifier ? { code_verifier: input.codeVerifier } : {}),
    },
    { retries: 0 },
  );
  await afterSignIn(token, 'code');
}
