import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthMessages, errorTextsOf } from '@/lib/auth-messages';
import { DeviceActivation } from '@/features/auth/device-activation';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

/** The page title: "Connect a TV". */
export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const t = await getTranslations({ locale: await localeOf(params), namespace: 'auth' });
  return { title: t('device.title'), description: t('device.intro') };
}

/** /tv/activate: a signed-in member approves the TV that shows a user code. */
export default async function TvActivatePage({
  params,
  searchParams,
}: LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const locale = await localeOf(params);
  const query = await searchParams;
  const userCode = typeof query.user_code === 'string' ? query.user_code.slice(0, 32) : '';
  const here = `${localePath(locale, '/tv/activate')}${userCode ? `?${new URLSearchParams({ user_code: userCode }).toString()}` : ''}`;
  const signIn = `${localePath(locale, '/drive/login')}?${new URLSearchParams({ redirect: here }).toString()}`;
  return (
    <div className="w-full px-4 py-10">
      <AuthMessages locale={locale} namespaces={['auth']}>
        <DeviceActivation
          errorTexts={errorTextsOf(locale)}
          signInHref={signIn}
          initialCode={userCode}
        />
      </AuthMessages>
    </div>
  );
}
