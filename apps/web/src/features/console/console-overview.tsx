'use client';

import Link from 'next/link';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { localePath } from '@/i18n/locale-path';
import { roleAllows, useConsoleMe } from './console-context';
import { consoleSections } from './console-sections';

/** The console's first page: who is signed in, until when, and the sections they may open. */
export function ConsoleOverview() {
  const t = useTranslations('console');
  const format = useFormatter();
  const locale = useLocale();
  const me = useConsoleMe();
  const sections = consoleSections.filter(
    (section) => section.key !== 'overview' && roleAllows(me.role, section.roles),
  );
  return (
    <div className="flex flex-col gap-6">
      <div className="rounded-xl border border-border p-4" data-testid="console-me">
        <p>{t('overview.signedInAs', { email: me.email, role: t(`role.${me.role}`) })}</p>
        <p className="text-sm text-muted-foreground">
          {t('overview.stepUpUntil', {
            time: format.dateTime(new Date(me.step_up_until), {
              dateStyle: 'medium',
              timeStyle: 'short',
            }),
          })}
        </p>
      </div>
      {sections.length === 0 ? (
        <p className="text-muted-foreground">{t('overview.nothingYet')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.key}>
              <Link
                href={localePath(locale, section.path)}
                className="block h-full rounded-xl border border-border p-4 hover:bg-muted"
              >
                <span className="font-medium">{t(`nav.${section.key}`)}</span>
                <span className="mt-1 block text-sm text-muted-foreground">
                  {t(`overview.about.${section.key}`)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
