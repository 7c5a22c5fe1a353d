import type { Browser, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { newEmail, signUpInEnglish } from './sign-up';

/** The password of the members these helpers sign up. */
export const memberPassword = 'correct horse 42';

/** A member: the e-mail address to sign in with and the user id. */
export interface Member {
  email: string;
  sub: string;
}

/** The user id the page's session belongs to, or undefined when signed out. */
export async function sessionSub(page: Page): Promise<string | undefined> {
  const me = await page.request.get('/v1/user/me');
  return me.ok() ? ((await me.json()) as { sub: string }).sub : undefined;
}

/** Signs a new member up on `page`, which stays signed in; resolves the member. */
export async function signUpMember(page: Page): Promise<Member> {
  const email = newEmail();
  await signUpInEnglish(page, email, memberPassword);
  const sub = await sessionSub(page);
  expect(sub).toBeTruthy();
  return { email, sub: sub ?? '' };
}

/** Signs a new member up in a browser context of its own. */
export async function newMember(browser: Browser, baseURL: string): Promise<Member> {
  const context = await browser.newContext({ baseURL });
  const member = await signUpMember(await context.newPage());
  await context.close();
  return member;
}
