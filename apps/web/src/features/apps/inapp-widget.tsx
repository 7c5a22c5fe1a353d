'use client';

import { formatBytes } from '@nimbus/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { buttonVariants } from '@/components/ui/button-variants';
import { useStoredSession } from '@/lib/session/use-stored-session';
import { type DriveAbout, getAbout } from '@/features/drive/drive-api';
import { listTasks, type OfflineTask, type TaskPhase } from '@/features/drive/offline/offline-api';
import { useMemberData } from './use-member-data';

/** Transfers the widget lists. */
const shownTasks = 4;

interface WidgetData {
  about: DriveAbout;
  tasks: OfflineTask[];
}

async function loadWidget(signal: AbortSignal): Promise<WidgetData> {
  const [about, tasks] = await Promise.all([getAbout(signal), listTasks('all', undefined, signal)]);
  return { about, tasks: tasks.tasks.slice(0, shownTasks) };
}

const phaseKeys: Record<
  TaskPhase,
  'pending' | 'running' | 'paused' | 'error' | 'complete' | 'unknown'
> = {
  PHASE_TYPE_UNKNOW: 'unknown',
  PHASE_TYPE_PENDING: 'pending',
  PHASE_TYPE_RUNNING: 'running',
  PHASE_TYPE_PAUSED: 'paused',
  PHASE_TYPE_ERROR: 'error',
  PHASE_TYPE_COMPLETE: 'complete',
};

export interface InappWidgetProps {
  hrefs: { open: string; add: string; signIn: string };
}

/**
 * /inapp/widget: what the apps embed in a small panel: storage used (`GET /drive/v1/about`),
 * today's offline downloads and the latest transfers (`GET /drive/v1/tasks`), with links into the
 * drive. Links open in the top window, since the widget usually sits in a frame.
 */
export function InappWidget({ hrefs }: InappWidgetProps) {
  const t = useTranslations('apps.widget');
  const locale = useLocale();
  const session = useStoredSession();
  const isSignedIn = session.kind === 'signed-in';
  const { state, reload } = useMemberData(isSignedIn, loadWidget);
  const size = (bytes: string) => formatBytes(bytes, { locale, fractionDigits: 1 });

  if (session.kind === 'unknown') {
    return <p className="text-sm text-muted-foreground">{t('loading')}</p>;
  }
  if (!isSignedIn) {
    return (
      <div className="space-y-3" data-widget="signed-out">
        <p className="text-sm text-muted-foreground">{t('sign-in-body')}</p>
        <a
          href={hrefs.signIn}
          target="_top"
          className={buttonVariants({ variant: 'primary', size: 'sm' })}
        >
          {t('sign-in')}
        </a>
      </div>
    );
  }
  if (state.kind === 'loading') {
    return (
      <p className="text-sm text-muted-foreground" role="status">
        {t('loading')}
      </p>
    );
  }
  if (state.kind === 'error') {
    return (
      <p className="flex items-center gap-3 text-sm" role="alert">
        {t('error')}
        <button
          type="button"
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
          onClick={reload}
        >
          {t('retry')}
        </button>
      </p>
    );
  }
  const { about, tasks } = state.data;
  const limit = Number(about.quota.limit);
  const usage = Number(about.quota.usage);
  const percent =
    about.quota.is_unlimited || !(limit > 0) ? 0 : Math.min(100, Math.round((usage / limit) * 100));
  const downloads = about.quotas?.cloud_download;
  return (
    <div className="space-y-4" data-widget="signed-in">
      <section aria-labelledby="widget-storage">
        <h2 id="widget-storage" className="text-sm font-semibold">
          {t('storage')}
        </h2>
        {about.quota.is_unlimited ? (
          <p className="mt-1 text-sm text-muted-foreground">
            {t('unlimited', { used: size(about.quota.usage) })}
          </p>
        ) : (
          <>
            <div
              role="meter"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-labelledby="widget-storage"
              className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
            >
              <div
                className={percent >= 90 ? 'h-full bg-danger' : 'h-full bg-primary'}
                style={{ width: `${percent}%` }}
              />
            </div>
            <p className="mt-1 text-sm text-muted-foreground">
              {t('used', { used: size(about.quota.usage), limit: size(about.quota.limit) })}
            </p>
          </>
        )}
        {downloads && Number(downloads.limit) > 0 ? (
          <p className="mt-1 text-sm text-muted-foreground">
            {t('tasks-today', { usage: downloads.usage, limit: downloads.limit })}
          </p>
        ) : null}
      </section>
      <section aria-labelledby="widget-recent">
        <h2 id="widget-recent" className="text-sm font-semibold">
          {t('recent')}
        </h2>
        {tasks.length === 0 ? (
          <p className="mt-1 text-sm text-muted-foreground">{t('no-tasks')}</p>
        ) : (
          <ul className="mt-1 divide-y divide-border">
            {tasks.map((task) => (
              <li key={task.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="min-w-0 truncate">{task.file_name || task.name}</span>
                <span className="shrink-0 text-muted-foreground">
                  {t(`phase.${phaseKeys[task.phase]}`, { progress: task.progress })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="flex flex-wrap gap-2">
        <a
          href={hrefs.open}
          target="_top"
          className={buttonVariants({ variant: 'primary', size: 'sm' })}
        >
          {t('open')}
        </a>
        <a
          href={hrefs.add}
          target="_top"
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          {t('add')}
        </a>
      </div>
    </div>
  );
}
