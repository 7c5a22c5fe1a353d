'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { localePath } from '@/i18n/locale-path';
import { cn } from '@/lib/cn';
import { roleAllows, useConsoleMe } from './console-context';
import { consoleSections } from './console-sections';

/** The console's sections the operator's role may open: a column on wide screens, a row on phones and tablets. */
export function ConsoleNav() {
  const t = useTranslations('console');
  const locale = useLocale();
  const pathname = usePathname();
  const me = useConsoleMe();
  return (
    <nav aria-label={t('nav.label')} className="md:w-52 md:shrink-0">
      <ul className="flex gap-1 overflow-x-auto md:flex-col">
        {consoleSections
          .filter((section) => roleAllows(me.role, section.roles))
          .map((section) => {
            const href = localePath(locale, section.path);
            const current = pathname === href;
            return (
              <li key={section.key}>
                <Link
                  href={href}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'block whitespace-nowrap rounded-lg px-3 py-2 text-sm hover:bg-muted',
                    current && 'bg-muted font-medium',
                  )}
                >
                  {t(`nav.${section.key}`)}
                </Link>
              </li>
            );
          })}
      </ul>
    </nav>
  );
}
