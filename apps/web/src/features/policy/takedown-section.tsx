import type { Locale } from '@nimbus/contracts';
import { getTranslations } from 'next-intl/server';
import type { PolicyTranslator } from './policy-facts';
import { TakedownForm, type TakedownTexts } from './takedown-form';

/** The copyright policy's takedown request: its heading and the form, texts formatted here. */
export async function TakedownSection({ locale }: { locale: Locale }) {
  const t = (await getTranslations({
    locale,
    namespace: 'policy-texts',
  })) as unknown as PolicyTranslator;
  const texts: TakedownTexts = {
    title: t('takedown.title'),
    description: t('takedown.description'),
    link: t('takedown.link'),
    linkHint: t('takedown.link-hint'),
    name: t('takedown.name'),
    email: t('takedown.email'),
    work: t('takedown.work'),
    workHint: t('takedown.work-hint'),
    statement: t('takedown.statement'),
    submit: t('takedown.submit'),
    sending: t('takedown.sending'),
    sent: t('takedown.sent', { email: '{email}' }),
    another: t('takedown.another'),
    invalidLink: t('takedown.invalid-link'),
    notFound: t('takedown.not-found'),
    tooMany: t('takedown.too-many'),
    failed: t('takedown.failed'),
  };
  return (
    <section
      id="takedown"
      aria-labelledby="takedown-title"
      className="grid gap-3 rounded-xl border border-border p-4 sm:p-6"
    >
      <h2 id="takedown-title" className="text-xl font-semibold">
        {texts.title}
      </h2>
      <p className="text-muted-foreground">{texts.description}</p>
      <TakedownForm texts={texts} />
    </section>
  );
}
