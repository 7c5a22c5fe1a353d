import type { CallOptions } from '@nimbus/client';
import type { accountApi, AnswerOf, authApi, CallInput } from '@nimbus/contracts';
import { accountRoutes, authRoutes, driveRoutes, membershipRoutes } from '@nimbus/contracts/routes';
import { browserClient } from '@/lib/api/browser-client';

/*
 * The calls of the sign-in flows and the profile refresh (docs/api.md#user-service), through the
 * API catalogue's auth and account entries: one line each, the answers typed by the catalogue.
 */

/** The Token answer of sign-in, sign-up and the token endpoint. */
export type Token = AnswerOf<typeof authApi.signIn>;

type Body<E extends keyof typeof authApi> = CallInput<(typeof authApi)[E]>['body'];

export const signInCall = (body: Body<'signIn'>, options: CallOptions) =>
  browserClient().call(authRoutes.signIn, { body }, options);

export const signUpCall = (body: Body<'signUp'>, options: CallOptions) =>
  browserClient().call(authRoutes.signUp, { body }, options);

export const requestVerificationCall = (body: Body<'verification'>, options: CallOptions) =>
  browserClient().call(authRoutes.verification, { body }, options);

export const verifyCodeCall = (body: Body<'verify'>) =>
  browserClient().call(authRoutes.verify, { body });

export const resetPasswordCall = (body: Body<'reset'>, options: CallOptions) =>
  browserClient().call(authRoutes.reset, { body }, options);

export const tokenCall = (body: Body<'token'>, options: CallOptions) =>
  browserClient().call(authRoutes.token, { body }, options);

export const revokeCall = (body: Body<'revoke'>, options: CallOptions) =>
  browserClient().call(authRoutes.revoke, { body }, options);

export const profileCall = (options: CallOptions) =>
  browserClient().call(accountRoutes.profile, {}, options);

export const updateProfileCall = (body: CallInput<typeof accountApi.updateProfile>['body']) =>
  browserClient().call(accountRoutes.updateProfile, { body });

export const aboutCall = (options: CallOptions) =>
  browserClient().call(driveRoutes.about, {}, options);

export const vipCall = (options: CallOptions) =>
  browserClient().call(membershipRoutes.vip, {}, options);
