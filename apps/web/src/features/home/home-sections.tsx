import Link from 'next/link';
import type { LucideIcon } from 'lucide-react';
import {
  ArrowRight,
  FileArchive,
  Film,
  Folder,
  Image as ImageIcon,
  Languages,
  Laptop,
  Lock,
  Monitor,
  Puzzle,
  Server,
  ShieldCheck,
  Smartphone,
  TabletSmartphone,
  Tv,
} from 'lucide-react';
import type { Locale } from '@nimbus/contracts';
import { locales } from '@nimbus/contracts';
import { getTranslations } from 'next-intl/server';
import { buttonVariants } from '@/components/ui/button-variants';
import { localePath } from '@/i18n/locale-path';
import { LinkCheckForm } from './link-check-form';

interface SectionProps {
  locale: Locale;
}

const previewRows: readonly { icon: LucideIcon; tone: string; width: string }[] = [
  { icon: Folder, tone: 'text-brand-500', width: 'w-28' },
  { icon: Film, tone: 'text-rose-500', width: 'w-36' },
  { icon: ImageIcon, tone: 'text-emerald-500', width: 'w-24' },
  { icon: FileArchive, tone: 'text-amber-500', width: 'w-32' },
];

/** A decorative, wordless sketch of the drive: a few files and a transfer under way. */
function DrivePreview() {
  return (
    <div
      aria-hidden
      className="hidden rounded-2xl border border-border bg-background p-5 shadow-[var(--shadow-popover)] lg:block"
    >
      <div className="flex gap-1.5">
        <span className="size-2.5 rounded-full bg-muted" />
        <span className="size-2.5 rounded-full bg-muted" />
        <span className="size-2.5 rounded-full bg-muted" />
      </div>
      <ul className="mt-5 grid gap-3">
        {previewRows.map(({ icon: Icon, tone, width }, index) => (
          <li key={index} className="flex items-center gap-3 rounded-lg border border-border p-3">
            <Icon className={`size-6 ${tone}`} />
            <span className={`h-2.5 rounded-full bg-muted ${width}`} />
            <span className="ml-auto h-2.5 w-10 rounded-full bg-muted" />
          </li>
        ))}
      </ul>
      <div className="mt-5 rounded-lg bg-accent p-3">
        <div className="h-2 w-full rounded-full bg-background">
          <div className="h-2 w-2/3 rounded-full bg-primary" />
        </div>
      </div>
    </div>
  );
}

/** The promise of the product and its two calls to action. */
export async function HomeHero({ locale }: SectionProps) {
  const t = await getTranslations({ locale, namespace: 'home' });
  return (
    <section
      aria-labelledby="home-title"
      className="relative overflow-hidden border-b border-border bg-gradient-to-b from-accent to-background"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 pb-14 pt-12 sm:pt-20 lg:grid-cols-[1fr_22rem]">
        <div className="grid max-w-3xl gap-8">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-primary">
              {t('hero.eyebrow')}
            </p>
            <h1
              id="home-title"
              className="mt-3 text-4xl font-semibold tracking-tight text-balance sm:text-5xl"
            >
              {t('hero.title')}
            </h1>
            <p className="mt-5 max-w-2xl text-lg text-pretty text-muted-foreground">
              {t('hero.lead')}
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link
                href={localePath(locale, '/drive/all')}
                className={buttonVariants({ size: 'lg' })}
              >
                {t('hero.open-drive')}
                <ArrowRight aria-hidden />
              </Link>
              <Link
                href={`${localePath(locale, '/drive/login')}?mode=sign-up`}
                className={buttonVariants({ variant: 'outline', size: 'lg' })}
              >
                {t('hero.sign-up')}
              </Link>
            </div>
          </div>
          <div className="rounded-2xl border border-border bg-background p-4 shadow-[var(--shadow-card)] sm:p-6">
            <h2 className="text-lg font-semibold">{t('paste.title')}</h2>
            <p id="link-check-hint" className="mb-4 mt-1 text-sm text-muted-foreground">
              {t('paste.hint')}
            </p>
            <LinkCheckForm
              action={localePath(locale, '/url-checker')}
              labels={{
                label: t('paste.label'),
                placeholder: t('paste.placeholder'),
                submit: t('paste.submit'),
              }}
            />
          </div>
        </div>
        <DrivePreview />
      </div>
    </section>
  );
}

type AppKey = 'android' | 'ios' | 'tv' | 'windows' | 'mac' | 'browser-extension';

const apps: readonly { key: AppKey; path: string; icon: LucideIcon }[] = [
  { key: 'android', path: '/mobile-app', icon: Smartphone },
  { key: 'ios', path: '/mobile-app', icon: TabletSmartphone },
  { key: 'tv', path: '/tv', icon: Tv },
  { key: 'windows', path: '/desktop-app', icon: Monitor },
  { key: 'mac', path: '/desktop-app', icon: Laptop },
  { key: 'browser-extension', path: '/browser-extension', icon: Puzzle },
];

/** The apps for each platform, each leading to its page. */
export async function HomeApps({ locale }: SectionProps) {
  const t = await getTranslations({ locale, namespace: 'home' });
  return (
    <section aria-labelledby="home-apps" className="mx-auto max-w-6xl px-4 py-14">
      <h2 id="home-apps" className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {t('apps.title')}
      </h2>
      <p className="mt-2 max-w-2xl text-muted-foreground">{t('apps.lead')}</p>
      <ul className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {apps.map(({ key, path, icon: Icon }) => (
          <li key={key}>
            <Link
              href={localePath(locale, path)}
              className="group flex h-full items-start gap-4 rounded-xl border border-border bg-background p-4 transition-colors hover:border-primary hover:bg-accent"
            >
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground group-hover:bg-background">
                <Icon aria-hidden className="size-5" />
              </span>
              <span>
                <span className="block font-semibold">{t(`apps.${key}`)}</span>
                <span className="mt-1 block text-sm text-muted-foreground">
                  {t(`apps.${key}-detail`)}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

type TrustKey = 'private' | 'secure' | 'control' | 'languages';

const trust: readonly { key: TrustKey; icon: LucideIcon }[] = [
  { key: 'private', icon: ShieldCheck },
  { key: 'secure', icon: Lock },
  { key: 'control', icon: Server },
  { key: 'languages', icon: Languages },
];

/** Why the service can be trusted: privacy, security, control and languages. */
export async function HomeTrust({ locale }: SectionProps) {
  const t = await getTranslations({ locale, namespace: 'home' });
  return (
    <section aria-labelledby="home-trust" className="border-t border-border bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="home-trust" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {t('trust.title')}
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {trust.map(({ key, icon: Icon }) => (
            <li key={key}>
              <Icon aria-hidden className="size-6 text-primary" />
              <h3 className="mt-3 font-semibold">{t(`trust.${key}-title`)}</h3>
              <p className="mt-1 text-sm text-muted-foreground">
                {key === 'languages'
                  ? t('trust.languages-detail', { count: locales.length })
                  : t(`trust.${key}-detail`)}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
