import { redirect } from 'next/navigation';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';
import { shareTargetDestination } from '@/lib/share-target';

interface ShareTargetProps extends LocaleParams {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The installed app's share target (manifest.ts): what a phone's share sheet sent goes on to the
 * Add dialog of the offline downloads, behind the drive's sign-in.
 */
export default async function ShareTarget({
  params,
  searchParams,
}: ShareTargetProps): Promise<never> {
  const query = await searchParams;
  const destination = shareTargetDestination({
    title: first(query.title),
    text: first(query.text),
    url: first(query.url),
  });
  redirect(localePath(await localeOf(params), destination));
}
