import type { accountApi, AnswerOf } from '@nimbus/contracts';
import { accountRoutes } from '@nimbus/contracts/routes';
import { browserClient } from '@/lib/api/browser-client';
import type { Profile } from '@/lib/session/credentials';
import { storeProfile } from '@/lib/session/credentials';

/*
 * The member's own changes on `/drive/account` (docs/accounts.md): the avatar, the e-mail address
 * and the request to delete the account, through the API catalogue's account entries.
 */

/** The image types the server takes as an avatar (`PUT /v1/user/me/avatar`). */
export const avatarTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** The largest avatar the server takes, in bytes (2 MiB). */
export const avatarMaxBytes = 2 * 1024 * 1024;

/** Why a chosen file cannot be an avatar, before it is sent; undefined when it can. */
export function avatarProblemOf(file: Pick<File, 'type' | 'size'>): 'type' | 'size' | undefined {
  if (!(avatarTypes as readonly string[]).includes(file.type)) {
    return 'type';
  }
  return file.size > avatarMaxBytes ? 'size' : undefined;
}

/**
 * Uploads the image as the avatar (the raw bytes, which the catalogue's JSON calls do not send),
 * then stores and resolves the profile it changed.
 */
export async function uploadAvatar(file: File): Promise<Profile> {
  await browserClient().request({
    method: accountRoutes.uploadAvatar.method,
    path: accountRoutes.uploadAvatar.path,
    body: file,
    headers: { 'content-type': file.type },
  });
  const profile = await browserClient().call(accountRoutes.profile);
  storeProfile(profile);
  return profile;
}

/** Removes the avatar; stores and resolves the new profile. */
export async function removeAvatar(): Promise<Profile> {
  const profile = await browserClient().call(accountRoutes.removeAvatar);
  storeProfile(profile);
  return profile;
}

/** Mails a code to the new address; resolves the verification id. */
export async function requestEmailChange(newEmail: string, password: string): Promise<string> {
  const answer = await browserClient().call(accountRoutes.requestEmailChange, {
    body: { new_email: newEmail, ...(password ? { password } : {}) },
  });
  return answer.verification_id;
}

/** Confirms the mailed code: the address changes; stores and resolves the new profile. */
export async function confirmEmailChange(verificationId: string, code: string): Promise<Profile> {
  const profile = await browserClient().call(accountRoutes.confirmEmailChange, {
    body: { verification_id: verificationId, verification_code: code },
  });
  storeProfile(profile);
  return profile;
}

/** `GET /v1/user/deletion`: the grace period and when the purge would come. */
export type DeletionTerms = AnswerOf<typeof accountApi.deletionTerms>;

/** What asking for deletion now would mean. */
export function fetchDeletionTerms(): Promise<DeletionTerms> {
  return browserClient().call(accountRoutes.deletionTerms);
}

/** Asks for the account to be deleted; every session ends. Resolves the day of the purge. */
export async function requestDeletion(password: string): Promise<string> {
  const answer = await browserClient().call(accountRoutes.requestDeletion, {
    body: password ? { password } : {},
  });
  return answer.purge_after;
}
