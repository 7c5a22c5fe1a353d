'use client';

import type { ReactNode } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { formatBytes } from '@nimbus/contracts';
import { FormAlert } from '@/components/form-alert';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import type { MemberDetail } from './console-calls';
import { memberDetail } from './console-calls';
import { MemberActions } from './member-actions';
import { shareStatusText } from './moderation-texts';

/** A titled list of a member's page; an empty one says so. */
function Section<T>(props: {
  title: string;
  items: readonly T[];
  render: (item: T) => ReactNode;
  empty: string;
}) {
  return (
    <section className="rounded-xl border border-border p-4">
      <h2 className="mb-2 font-medium">{props.title}</h2>
      {props.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{props.empty}</p>
      ) : (
        <ul className="divide-y divide-border text-sm">
          {props.items.map((item, index) => (
            <li key={index} className="py-1.5 [overflow-wrap:anywhere]">
              {props.render(item)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A member's page (`GET /audit.admin/v1/members/{user_id}`): their account, use, memberships,
 * packs, codes, sessions, shares, offline tasks, feedback and audit trail, with the actions the
 * operator's role allows.
 */
export function MemberView({ userId, errorTexts }: { userId: string; errorTexts: ErrorTexts }) {
  const t = useTranslations('console');
  const format = useFormatter();
  const locale = useLocale();
  const [detail, setDetail] = useState<MemberDetail>();
  const [error, setError] = useState<string>();

  const reload = useCallback(() => {
    memberDetail(userId).then(
      (loaded) => {
        setDetail(loaded);
        setError(undefined);
      },
      (cause: unknown) => setError(errorText(cause, locale, errorTexts) ?? ''),
    );
  }, [userId, locale, errorTexts]);

  useEffect(reload, [reload]);

  if (!detail) {
    return error ? (
      <FormAlert tone="error">{error}</FormAlert>
    ) : (
      <p className="text-muted-foreground">{t('gate.loading')}</p>
    );
  }
  const date = (value: string) =>
    value === ''
      ? '-'
      : format.dateTime(new Date(value), { dateStyle: 'medium', timeStyle: 'short' });
  const bytes = (value: string | number) => formatBytes(value, { locale });
  const { member, usage } = detail;
  const none = t('member.none');

  return (
    <div className="flex flex-col gap-4" data-testid="member-page">
      <section className="rounded-xl border border-border p-4">
        <h2 className="text-lg font-semibold [overflow-wrap:anywhere]">{member.email}</h2>
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="text-muted-foreground">{t('member.id')}</dt>
          <dd>{member.id}</dd>
          <dt className="text-muted-foreground">{t('member.name')}</dt>
          <dd>{member.name || '-'}</dd>
          <dt className="text-muted-foreground">{t('members.filters.status')}</dt>
          <dd data-testid="member-status">{t(`members.status.${member.status}`)}</dd>
          <dt className="text-muted-foreground">{t('member.premiumUntil')}</dt>
          <dd>{date(member.premium_until)}</dd>
          <dt className="text-muted-foreground">{t('member.signedUp')}</dt>
          <dd>{date(member.created_at)}</dd>
          <dt className="text-muted-foreground">{t('member.twoFactor')}</dt>
          <dd>{member.two_factor ? t('member.on') : t('member.off')}</dd>
          <dt className="text-muted-foreground">{t('member.deletionRequested')}</dt>
          <dd>{date(member.deletion_requested_at)}</dd>
          <dt className="text-muted-foreground">{t('member.usage')}</dt>
          <dd>
            {t('member.usageText', {
              live: bytes(usage.live_bytes),
              trash: bytes(usage.trash_bytes),
              traffic: bytes(usage.traffic_bytes_this_month),
            })}
          </dd>
        </dl>
      </section>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <MemberActions member={member} errorTexts={errorTexts} onDone={reload} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Section
          title={t('member.memberships')}
          items={detail.memberships}
          empty={none}
          render={(item) =>
            t('member.membership', {
              type: item.type,
              source: item.source,
              days: item.days,
              from: date(item.starts_at),
              to: date(item.expires_at),
            })
          }
        />
        <Section
          title={t('member.packs')}
          items={detail.packs}
          empty={none}
          render={(item) =>
            t('member.pack', {
              kind: item.kind,
              size: bytes(item.bytes),
              from: date(item.starts_at),
              to: date(item.expires_at),
            })
          }
        />
        <Section
          title={t('member.codes')}
          items={detail.codes_redeemed}
          empty={none}
          render={(item) => `${item.code_id} · ${date(item.created_at)}`}
        />
        <Section
          title={t('member.sessions')}
          items={detail.sessions}
          empty={none}
          render={(item) =>
            `${item.client_id} · ${item.user_agent || item.device_id} · ${item.ip} · ${date(
              item.last_used_at,
            )}${item.revoked_at === '' ? '' : ` · ${t('member.ended')}`}`
          }
        />
        <Section
          title={t('member.shares')}
          items={detail.shares}
          empty={none}
          render={(item) =>
            `${item.title} · ${shareStatusText(t, item.audit_status)} · ${date(item.created_at)}`
          }
        />
        <Section
          title={t('member.offlineTasks')}
          items={detail.offline_tasks}
          empty={none}
          render={(item) => `${item.name} · ${item.phase} · ${date(item.created_at)}`}
        />
        <Section
          title={t('member.feedback')}
          items={detail.feedback}
          empty={none}
          render={(item) => `${item.category} · ${item.message}`}
        />
        <Section
          title={t('member.auditTrail')}
          items={detail.audit_trail}
          empty={none}
          render={(item) =>
            `${date(item.created_at)} · ${item.action} · ${item.actor_id}${
              item.reason ? ` · ${item.reason}` : ''
            }`
          }
        />
      </div>
    </div>
  );
}
