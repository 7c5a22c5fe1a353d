import { activityScenes, type ActivityScene } from '@nimbus/contracts';
import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { activityMetadata } from '@/features/activity/activity-metadata';
import { CheckIn } from '@/features/activity/check-in';
import { signInHref } from '@/features/activity/sign-in-href';
import { AuthMessages, errorTextsOf } from '@/lib/auth-messages';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = activityMetadata('check-in');

interface CheckInPageProps extends LocaleParams {
  searchParams: Promise<{ scene?: string | string[] }>;
}

/** /check-in: the member's membership tasks (`?scene=`, beginner by default) and their rewards. */
export default async function CheckInPage({ params, searchParams }: CheckInPageProps) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'activity.check-in' });
  const asked = (await searchParams).scene;
  const scene: ActivityScene = (activityScenes as readonly unknown[]).includes(asked)
    ? (asked as ActivityScene)
    : 'beginner';
  const here = `${localePath(locale, '/check-in')}${scene === 'beginner' ? '' : `?scene=${scene}`}`;
  const drive = localePath(locale, '/drive/all');
  return (
    <PageIntro
      title={t('title')}
      description={
        <>
          {t('lead')}{' '}
          <a
            className="font-medium text-primary underline-offset-4 hover:underline"
            href={localePath(locale, '/check-in-guide')}
          >
            {t('guide-link')}
          </a>
        </>
      }
    >
      <AuthMessages locale={locale} namespaces={['activity']}>
        <CheckIn
          scene={scene}
          errorTexts={errorTextsOf(locale)}
          signInHref={signInHref(locale, here)}
          taskHrefs={{
            upload_file: drive,
            share_file: drive,
            offline_download: localePath(locale, '/drive/tasks'),
            invite_friend: localePath(locale, '/referral'),
          }}
        />
      </AuthMessages>
    </PageIntro>
  );
}
