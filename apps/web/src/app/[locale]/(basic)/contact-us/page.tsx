import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Briefcase, ExternalLink, LifeBuoy, Mail, MessageSquareText } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { Button } from '@/components/ui/button';
import { infoPageMetadata } from '@/features/site/info-page';
import { loadContactOptions } from '@/features/support/load-contact-options';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('contact-us', '/contact-us');

interface OptionProps {
  icon: LucideIcon;
  title: string;
  text: string;
  testId: string;
  children: ReactNode;
}

function ContactOption({ icon: Icon, title, text, testId, children }: OptionProps) {
  return (
    <li
      data-testid={testId}
      className="flex flex-col gap-3 rounded-2xl border border-border bg-background p-5 sm:p-6"
    >
      <span
        aria-hidden
        className="flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary"
      >
        <Icon className="size-5" />
      </span>
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="flex-1 text-pretty text-muted-foreground">{text}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">{children}</div>
    </li>
  );
}

/**
 * /contact-us: how to reach the team. The feedback form and the help centre always; the
 * support address, business address and support site when the operator published them
 * (`support_email`, `business_email`, `support_url` of the config host's `basic` values).
 */
export default async function ContactUsPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  const pages = await getTranslations({ locale, namespace: 'pages' });
  const t = await getTranslations({ locale, namespace: 'support.contact' });
  const options = await loadContactOptions(locale);
  const hasAddress =
    options.supportEmail !== undefined ||
    options.businessEmail !== undefined ||
    options.supportUrl !== undefined;
  const link = 'w-full break-all sm:w-auto';
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
        {pages('contact-us.title')}
      </h1>
      <p className="mt-4 text-lg text-pretty text-muted-foreground">
        {pages('contact-us.description')}
      </p>

      <section aria-labelledby="contact-options" className="mt-10">
        <h2 id="contact-options" className="text-xl font-semibold">
          {t('options')}
        </h2>
        {hasAddress ? null : (
          <p data-testid="contact-none" className="mt-3 rounded-xl bg-muted px-4 py-3 text-pretty">
            {t('none')}
          </p>
        )}
        <ul className="mt-5 grid grid-cols-1 gap-4 md:grid-cols-2">
          {options.supportEmail ? (
            <ContactOption
              icon={Mail}
              title={t('email-title')}
              text={t('email-text')}
              testId="contact-support-email"
            >
              <Button asChild className={link}>
                <a href={`mailto:${options.supportEmail}`}>{options.supportEmail}</a>
              </Button>
            </ContactOption>
          ) : null}
          <ContactOption
            icon={MessageSquareText}
            title={t('feedback-title')}
            text={t('feedback-text')}
            testId="contact-feedback"
          >
            <Button
              asChild
              variant={options.supportEmail ? 'outline' : 'primary'}
              className="w-full sm:w-auto"
            >
              <a href={localePath(locale, '/drive/feedback')}>{t('feedback-action')}</a>
            </Button>
          </ContactOption>
          <ContactOption
            icon={LifeBuoy}
            title={t('help-title')}
            text={t('help-text')}
            testId="contact-help"
          >
            <Button asChild variant="outline" className="w-full sm:w-auto">
              <a href={localePath(locale, '/help-center')}>{t('help-action')}</a>
            </Button>
            <Button asChild variant="ghost" className="w-full sm:w-auto">
              <a href={localePath(locale, '/faq')}>{t('faq-action')}</a>
            </Button>
          </ContactOption>
          {options.supportUrl ? (
            <ContactOption
              icon={ExternalLink}
              title={t('website-title')}
              text={t('website-text')}
              testId="contact-support-url"
            >
              <Button asChild variant="outline" className="w-full sm:w-auto">
                <a href={options.supportUrl} rel="noopener noreferrer" target="_blank">
                  {t('website-action')}
                </a>
              </Button>
            </ContactOption>
          ) : null}
          {options.businessEmail ? (
            <ContactOption
              icon={Briefcase}
              title={t('business-title')}
              text={t('business-text')}
              testId="contact-business-email"
            >
              <Button asChild variant="outline" className={link}>
                <a href={`mailto:${options.businessEmail}`}>{options.businessEmail}</a>
              </Button>
            </ContactOption>
          ) : null}
        </ul>
      </section>

      <section aria-labelledby="contact-tips" className="mt-10 rounded-2xl bg-muted p-5 sm:p-6">
        <h2 id="contact-tips" className="text-lg font-semibold">
          {t('tips-title')}
        </h2>
        <ul className="mt-3 list-disc space-y-2 ps-5 text-pretty">
          <li>{t('tip-what')}</li>
          <li>{t('tip-where')}</li>
          <li>{t('tip-privacy')}</li>
        </ul>
      </section>
    </div>
  );
}
