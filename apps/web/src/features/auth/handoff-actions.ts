'use server';

import { cookies } from 'next/headers';
import { oauthInfoCookieName, oauthPendingCookieName } from '@/guards/login-handoff.guard';
import type { Handoff } from './handoff';
import { parseHandoff } from './handoff';

/**
 * Takes the pending login hand-off: reads the HttpOnly `oauth_info` cookie the proxy kept,
 * clears it and its readable marker, and resolves the hand-off (undefined when there is none).
 * A hand-off is consumed at most once.
 */
export async function takeHandoff(): Promise<Handoff | undefined> {
  const jar = await cookies();
  const raw = jar.get(oauthInfoCookieName)?.value;
  jar.delete(oauthInfoCookieName);
  jar.delete(oauthPendingCookieName);
  return parseHandoff(raw);
}
