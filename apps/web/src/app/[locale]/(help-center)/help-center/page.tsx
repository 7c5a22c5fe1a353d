import { redirect } from 'next/navigation';
import { defaultHelpCenterPath } from '@/features/help-center/help-center-content';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

/** /help-center without a slug goes to its first topic (help-center-default-dir). */
export default async function HelpCenterIndex({ params }: LocaleParams): Promise<never> {
  redirect(localePath(await localeOf(params), defaultHelpCenterPath()));
}
