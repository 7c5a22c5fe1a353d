import type { Browser, BrowserContext } from '@playwright/test';
import { request as apiRequest } from '@playwright/test';
import { createShare, newFolder, newTextFile, tokenOf } from './drive-seed';
import { newEmail, signUpInEnglish } from './sign-up';

/** A signed-in browser state (cookies and local storage) to open contexts with. */
export type SignedInState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A member with a few files and a folder in their drive, shared by one link. */
export interface SeededMember {
  state: SignedInState;
  shareId: string;
}

const password = 'seeded horse 42';

/**
 * Signs a member up once, seeds their drive with a folder and three text files with long names
 * (as a member's are), and shares them: the pages of many locales then open in contexts made
 * from `state`, without signing in again.
 */
export async function seededMember(browser: Browser, baseURL: string): Promise<SeededMember> {
  const email = newEmail();
  const context = await browser.newContext({ baseURL });
  await signUpInEnglish(await context.newPage(), email, password);
  const state = await context.storageState();
  await context.close();
  const token = await tokenOf(baseURL, email, password);
  const request = await apiRequest.newContext({ baseURL });
  const folder = await newFolder(request, token, 'Holiday photos and videos 2026', '');
  const files = [folder];
  for (const name of [
    'Quarterly report — final version (reviewed).txt',
    'notes.txt',
    'a-very-long-file-name-without-any-spaces-to-break-it-anywhere-at-all.txt',
  ]) {
    files.push(await newTextFile(request, token, '', name));
  }
  const { share_id: shareId } = await createShare(request, token, files);
  await request.dispose();
  return { state, shareId };
}
