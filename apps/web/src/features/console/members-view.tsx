'use client';

import { useId } from 'react';
import Link from 'next/link';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { memberStatuses } from '@nimbus/contracts';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input-classes';
import { localePath } from '@/i18n/locale-path';
import type { ErrorTexts } from '@/lib/api/error-text';
import type { MemberFilters } from './console-calls';
import { noMemberFilters, searchMembers } from './console-calls';
import { usePagedSearch } from './use-paged-search';

/** A page of members in the shape the paged search reads. */
const memberPage = (filters: MemberFilters, pageToken: string) =>
  searchMembers(filters, pageToken).then((page) => ({
    rows: page.members,
    nextPageToken: page.nextPageToken,
  }));

/**
 * The members (`GET /audit.admin/v1/members`), newest first: search by address or name prefix,
 * id, sign-up days, plan and status; each row opens the member's page.
 */
export function MembersView({ errorTexts }: { errorTexts: ErrorTexts }) {
  const t = useTranslations('console');
  const format = useFormatter();
  const locale = useLocale();
  const planId = useId();
  const statusId = useId();
  const { draft, setDraft, listing, load, search } = usePagedSearch(
    noMemberFilters,
    memberPage,
    errorTexts,
  );

  const field = (key: 'email' | 'id' | 'name' | 'created_from' | 'created_to') => (
    <FormField
      label={t(`members.filters.${key}`)}
      type={key.startsWith('created') ? 'date' : 'text'}
      value={draft[key]}
      onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
    />
  );

  return (
    <div className="flex flex-col gap-4">
      <form
        onSubmit={search}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
        role="search"
        noValidate
      >
        {field('email')}
        {field('id')}
        {field('name')}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={planId} className="text-sm font-medium">
            {t('members.filters.plan')}
          </label>
          <select
            id={planId}
            className={inputClasses}
            value={draft.plan}
            onChange={(event) =>
              setDraft({ ...draft, plan: event.target.value as MemberFilters['plan'] })
            }
          >
            <option value="">{t('members.any')}</option>
            <option value="free">{t('members.plan.free')}</option>
            <option value="premium">{t('members.plan.premium')}</option>
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={statusId} className="text-sm font-medium">
            {t('members.filters.status')}
          </label>
          <select
            id={statusId}
            className={inputClasses}
            value={draft.status}
            onChange={(event) =>
              setDraft({ ...draft, status: event.target.value as MemberFilters['status'] })
            }
          >
            <option value="">{t('members.any')}</option>
            {memberStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`members.status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        {field('created_from')}
        {field('created_to')}
        <div className="flex items-end">
          <Button type="submit">{t('members.search')}</Button>
        </div>
      </form>
      {listing.error ? <FormAlert tone="error">{listing.error}</FormAlert> : null}
      {!listing.loading && listing.rows.length === 0 && !listing.error ? (
        <p className="text-muted-foreground">{t('members.empty')}</p>
      ) : null}
      <ul className="divide-y divide-border rounded-xl border border-border" data-testid="members">
        {listing.rows.map((member) => (
          <li key={member.id}>
            <Link
              href={localePath(locale, `/admin/members/${encodeURIComponent(member.id)}`)}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 hover:bg-muted"
            >
              <span className="min-w-0 flex-1 truncate font-medium">{member.email}</span>
              <span className="text-sm text-muted-foreground">{member.name}</span>
              <span className="text-sm">{t(`members.status.${member.status}`)}</span>
              <span className="text-sm">
                {member.premium_until !== '' && new Date(member.premium_until) > new Date()
                  ? t('members.plan.premium')
                  : t('members.plan.free')}
              </span>
              <span className="text-sm text-muted-foreground">
                {format.dateTime(new Date(member.created_at), { dateStyle: 'medium' })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {listing.loading ? (
        <p className="text-sm text-muted-foreground">{t('gate.loading')}</p>
      ) : listing.nextPageToken !== '' ? (
        <Button
          variant="outline"
          className="self-start"
          onClick={() => load(listing.filters, listing.nextPageToken, listing.rows)}
        >
          {t('more')}
        </Button>
      ) : null}
    </div>
  );
}
