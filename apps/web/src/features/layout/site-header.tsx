import Link from 'next/link';
import type { Locale } from '@nimbus/contracts';
import { localeNames, locales } from '@nimbus/contracts';
import { getTranslations } from 'next-intl/server';
import { ActiveLink } from '@/components/active-link';
import { NimbusLogo } from '@/components/nimbus-logo';
import { AccountButton } from '@/features/auth/account-button';
import type { LanguageOption } from '@/features/i18n/language-option';
import { LanguageSwitcher } from '@/features/i18n/language-switcher';
import { ThemeToggle } from '@/features/theme/theme-toggle';
import { headerId } from '@/lib/body-scroll-lock';
import { localePath } from '@/i18n/locale-path';
import { MobileMenu } from './mobile-menu';
import type { NavLink } from './nav-link';

const languages: readonly LanguageOption[] = locales.map((locale) => ({
  locale,
  name: localeNames[locale],
}));

export interface SiteHeaderProps {
  locale: Locale;
}

/**
 * The header of every page (`#pc_header`): the logo, the navigation, the language switcher, the
 * theme toggle and the account entry (sign-in, or the member's menu); on mobile a menu button
 * opens the navigation in a drawer. A server component: only the buttons are client code.
 */
export async function SiteHeader({ locale }: SiteHeaderProps) {
  const t = await getTranslations({ locale, namespace: 'common' });
  const auth = await getTranslations({ locale, namespace: 'auth' });
  const referral = await getTranslations({ locale, namespace: 'referral' });
  const links: NavLink[] = [
    { href: localePath(locale, '/drive/all'), label: t('nav.drive') },
    { href: localePath(locale, '/mobile-app'), label: t('nav.apps') },
    { href: localePath(locale, '/url-checker'), label: t('nav.url-checker') },
    { href: localePath(locale, '/help-center'), label: t('nav.help-center') },
    { href: localePath(locale, '/faq'), label: t('nav.faq') },
  ];
  return (
    <header
      id={headerId}
      className="fixed inset-x-0 top-0 z-[var(--z-header)] h-[var(--spacing-header)] border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75"
    >
      <div className="mx-auto flex h-full max-w-6xl items-center gap-1 px-2 sm:px-4">
        <MobileMenu
          links={links}
          languages={languages}
          currentLocale={locale}
          labels={{
            open: t('header.open-menu'),
            close: t('header.close-menu'),
            title: t('header.menu-title'),
            language: t('header.language'),
          }}
        />
        <Link
          href={localePath(locale, '/')}
          aria-label={t('header.home-link')}
          className="inline-flex min-h-11 items-center rounded-lg px-2"
        >
          <NimbusLogo />
        </Link>
        <nav aria-label={t('nav.label')} className="ml-4 hidden md:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.href}>
                <ActiveLink
                  href={link.href}
                  className="inline-flex min-h-10 items-center rounded-lg px-3 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground aria-[current=page]:text-foreground aria-[current=page]:bg-muted"
                >
                  {link.label}
                </ActiveLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <LanguageSwitcher
            currentLocale={locale}
            languages={languages}
            label={t('header.language')}
            menuLabel={t('header.choose-language')}
          />
          <ThemeToggle label={t('header.theme-toggle')} />
          <AccountButton
            signInHref={localePath(locale, '/drive/login')}
            driveHref={localePath(locale, '/drive/all')}
            accountHref={localePath(locale, '/drive/account')}
            labels={{
              signIn: t('header.sign-in'),
              open: auth('menu.open'),
              drive: auth('menu.drive'),
              account: auth('menu.account'),
              invite: referral('menu.invite'),
              signOut: auth('menu.sign-out'),
              premium: auth('menu.premium'),
              free: auth('menu.free'),
              // The template itself, `{date}` kept for the menu to fill in.
              premiumUntil: auth('menu.premium-until', { date: '{date}' }),
            }}
          />
        </div>
      </div>
    </header>
  );
}
