'use client';

import { useTranslations } from 'next-intl';
import { announcementTones, localeNames, locales, type Locale } from '@nimbus/contracts';
import { inputClasses } from '@/components/ui/input-classes';
import { cn } from '@/lib/cn';

interface Draft {
  tone: (typeof announcementTones)[number];
  text: Partial<Record<Locale, string>>;
}

function draftOf(value: unknown): Draft {
  const draft = (value ?? {}) as Partial<Draft>;
  return { tone: draft.tone ?? 'info', text: { ...draft.text } };
}

/** The announcement banner's tone and its text in each of the site's languages. */
export function AnnouncementField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: unknown;
  onChange: (value: Draft) => void;
}) {
  const t = useTranslations('console.settings');
  const draft = draftOf(value);
  return (
    <div className="flex flex-col gap-3">
      <select
        id={id}
        className={cn(inputClasses, 'sm:w-60')}
        value={draft.tone}
        onChange={(event) => onChange({ ...draft, tone: event.target.value as Draft['tone'] })}
      >
        {announcementTones.map((tone) => (
          <option key={tone} value={tone}>
            {t(`tone.${tone}`)}
          </option>
        ))}
      </select>
      <div className="grid gap-3 md:grid-cols-2">
        {locales.map((locale) => (
          <label key={locale} className="flex flex-col gap-1.5 text-sm">
            <span lang={locale}>{localeNames[locale]}</span>
            <textarea
              lang={locale}
              className={cn(inputClasses, 'min-h-16 py-2')}
              maxLength={300}
              value={draft.text[locale] ?? ''}
              data-testid={`announcement-${locale}`}
              onChange={(event) => {
                const text = { ...draft.text };
                if (event.target.value === '') {
                  delete text[locale];
                } else {
                  text[locale] = event.target.value;
                }
                onChange({ ...draft, text });
              }}
            />
          </label>
        ))}
      </div>
    </div>
  );
}
