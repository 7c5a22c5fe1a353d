'use client';

import { useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useFormatter, useTranslations } from 'next-intl';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import type { ErrorTexts } from '@/lib/api/error-text';
import type { AuditFilters } from './console-api';
import { auditExportHref, noAuditFilters, searchAudit } from './console-api';
import { usePagedSearch } from './use-paged-search';

const rowHeight = 56;

/** A page of the audit log in the shape the paged search reads. */
const auditPage = (filters: AuditFilters, pageToken: string) =>
  searchAudit(filters, pageToken).then((page) => ({
    rows: page.entries,
    nextPageToken: page.nextPageToken,
  }));

/**
 * The audit log (`GET /audit.admin/v1/audit_log`), newest first: filters by actor, action,
 * target and days, rows drawn only in view (TanStack Virtual) and fetched a page at a time as
 * the end nears, and the CSV export of the same filters.
 */
export function AuditLogView({ errorTexts }: { errorTexts: ErrorTexts }) {
  const t = useTranslations('console');
  const format = useFormatter();
  const { draft, setDraft, listing, load, search } = usePagedSearch(
    noAuditFilters,
    auditPage,
    errorTexts,
  );
  const scrollRef = useRef<HTMLDivElement>(null);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in render on purpose
  const rows = useVirtualizer({
    count: listing.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  });
  const items = rows.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (!listing.loading && listing.nextPageToken !== '' && lastShown >= listing.rows.length - 20) {
      load(listing.filters, listing.nextPageToken, listing.rows);
    }
  }, [lastShown, listing, load]);

  const field = (key: keyof AuditFilters, type: 'text' | 'date' = 'text') => (
    <FormField
      label={t(`audit.filters.${key}`)}
      type={type}
      value={draft[key]}
      onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
    />
  );

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={search} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" noValidate>
        {field('actor_id')}
        {field('action')}
        {field('target_id')}
        {field('from', 'date')}
        {field('to', 'date')}
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-5">
          <Button type="submit">{t('audit.search')}</Button>
          <Button asChild variant="outline">
            <a href={auditExportHref(listing.filters)} download>
              {t('audit.export')}
            </a>
          </Button>
        </div>
      </form>
      {listing.error ? <FormAlert tone="error">{listing.error}</FormAlert> : null}
      {!listing.loading && listing.rows.length === 0 && !listing.error ? (
        <p className="text-muted-foreground">{t('audit.empty')}</p>
      ) : null}
      <div
        ref={scrollRef}
        role="table"
        aria-label={t('nav.audit')}
        aria-rowcount={listing.rows.length}
        className="h-[60vh] overflow-auto rounded-xl border border-border"
      >
        <div role="rowgroup" style={{ height: rows.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const entry = listing.rows[item.index];
            if (!entry) {
              return null;
            }
            return (
              <div
                key={entry.id}
                role="row"
                aria-rowindex={item.index + 1}
                data-testid="audit-row"
                className="absolute inset-x-0 grid grid-cols-[10rem_1fr] gap-x-3 border-b border-border px-3 py-1.5 text-sm sm:grid-cols-[11rem_12rem_1fr]"
                style={{ top: item.start, height: rowHeight }}
              >
                <span role="cell" className="text-muted-foreground">
                  {format.dateTime(new Date(entry.created_at), {
                    dateStyle: 'short',
                    timeStyle: 'medium',
                  })}
                </span>
                <span role="cell" className="truncate font-medium">
                  {entry.action}
                </span>
                <span role="cell" className="col-span-2 truncate sm:col-span-1">
                  {t('audit.row', {
                    actor: entry.actor_id,
                    role: entry.actor_role,
                    target: entry.target_id || '-',
                    ip: entry.ip,
                  })}
                  {entry.reason ? ` · ${entry.reason}` : ''}
                </span>
              </div>
            );
          })}
        </div>
      </div>
      {listing.loading ? (
        <p className="text-sm text-muted-foreground">{t('audit.loading')}</p>
      ) : null}
    </div>
  );
}
