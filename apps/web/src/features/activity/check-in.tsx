'use client';

import { useCallback, useEffect, useState } from 'react';
import type { ActivityScene, ActivityTask, ActivityTaskType } from '@nimbus/contracts';
import { CheckCircle2, CloudDownload, Gift, Share2, Upload, UserPlus } from 'lucide-react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText, hasReason } from '@/lib/api/error-text';
import { refreshProfile } from '@/lib/session/session';
import { useStoredSession } from '@/lib/session/use-stored-session';
import { cn } from '@/lib/cn';
import { claimReward, loadTasks } from './activity-api';
import { MembershipSummary } from './membership-summary';

export interface CheckInProps {
  scene: ActivityScene;
  errorTexts: ErrorTexts;
  signInHref: string;
  /** Where each task is done, by task (the drive, the referral page). */
  taskHrefs: Readonly<Record<ActivityTaskType, string>>;
}

type Load =
  { kind: 'loading' } | { kind: 'failed'; text: string } | { kind: 'ready'; tasks: ActivityTask[] };

type Message = { tone: 'error' | 'success'; text: string };

const taskIcons: Record<ActivityTaskType, typeof Upload> = {
  upload_file: Upload,
  share_file: Share2,
  offline_download: CloudDownload,
  invite_friend: UserPlus,
};

/**
 * `/check-in`: the member's membership tasks of a scene (`GET /vip/v1/task/status`), each to do,
 * ready to claim or claimed, with the reward's days; Claim calls `rewardVip` and shows the days
 * added and the membership after them. Visitors without a session are asked to sign in.
 */
export function CheckIn({ scene, errorTexts, signInHref, taskHrefs }: CheckInProps) {
  const t = useTranslations('activity.check-in');
  const format = useFormatter();
  const locale = useLocale();
  const session = useStoredSession();
  const signedIn = session.kind === 'signed-in';
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [claiming, setClaiming] = useState<ActivityTaskType>();
  const [message, setMessage] = useState<Message>();

  // Bumped to load the tasks again (Try again, or after a claim the server refused).
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => setReloads((count) => count + 1), []);

  useEffect(() => {
    if (!signedIn) {
      return undefined;
    }
    const controller = new AbortController();
    void refreshProfile();
    loadTasks(scene, controller.signal).then(
      (answer) => setLoad({ kind: 'ready', tasks: answer.tasks }),
      (cause: unknown) => {
        if (!controller.signal.aborted) {
          setLoad({
            kind: 'failed',
            text: errorText(cause, locale, errorTexts) ?? t('load-failed'),
          });
        }
      },
    );
    return () => controller.abort();
  }, [signedIn, scene, locale, errorTexts, t, reloads]);

  async function claim(type: ActivityTaskType): Promise<void> {
    setClaiming(type);
    setMessage(undefined);
    try {
      const answer = await claimReward(type);
      setLoad((current) =>
        current.kind === 'ready'
          ? {
              kind: 'ready',
              tasks: current.tasks.map((task) =>
                task.type === type ? { ...task, status: 'REWARDED' } : task,
              ),
            }
          : current,
      );
      setMessage({
        tone: 'success',
        text: t('claimed', {
          count: answer.granted.days,
          date: format.dateTime(new Date(answer.data.expire), { dateStyle: 'long' }),
        }),
      });
    } catch (cause) {
      const text = errorText(cause, locale, errorTexts);
      setMessage(text ? { tone: 'error', text } : undefined);
      if (
        hasReason(cause, 'activity_reward_claimed') ||
        hasReason(cause, 'activity_task_not_done')
      ) {
        reload();
      }
    } finally {
      setClaiming(undefined);
    }
  }

  if (session.kind === 'unknown') {
    return <TaskSkeleton label={t('loading')} />;
  }
  if (session.kind === 'signed-out') {
    return (
      <section
        data-testid="check-in-signed-out"
        className="flex flex-col items-start gap-3 rounded-2xl border border-border bg-background p-6"
      >
        <h2 className="text-xl font-semibold">{t('signed-out-title')}</h2>
        <p className="text-muted-foreground">{t('signed-out')}</p>
        <Button asChild size="lg">
          <a href={signInHref}>{t('sign-in')}</a>
        </Button>
      </section>
    );
  }

  const tasks = load.kind === 'ready' ? load.tasks : [];
  const claimed = tasks.filter((task) => task.status === 'REWARDED').length;
  return (
    <div className="flex flex-col gap-6" data-testid="check-in">
      <MembershipSummary membership={session.membership} />
      {load.kind === 'loading' ? <TaskSkeleton label={t('loading')} /> : null}
      {load.kind === 'failed' ? (
        <div
          role="alert"
          data-testid="check-in-error"
          className="flex flex-col items-start gap-3 rounded-2xl border border-danger/30 bg-danger/5 p-6"
        >
          <p>{load.text}</p>
          <Button
            variant="outline"
            onClick={() => {
              setLoad({ kind: 'loading' });
              reload();
            }}
          >
            {t('retry')}
          </Button>
        </div>
      ) : null}
      {load.kind === 'ready' ? (
        <>
          <div className="flex flex-col gap-2">
            <p className="text-sm font-medium" data-testid="check-in-progress">
              {t('progress', { claimed, total: tasks.length })}
            </p>
            <div
              role="progressbar"
              aria-label={t('progress', { claimed, total: tasks.length })}
              aria-valuemin={0}
              aria-valuemax={tasks.length}
              aria-valuenow={claimed}
              className="h-2 overflow-hidden rounded-full bg-muted"
            >
              <div
                className="h-full rounded-full bg-primary transition-[width]"
                style={{ width: `${tasks.length === 0 ? 0 : (claimed / tasks.length) * 100}%` }}
              />
            </div>
          </div>
          {message ? <FormAlert tone={message.tone}>{message.text}</FormAlert> : null}
          <ul className="flex flex-col gap-3" aria-label={t('title')}>
            {tasks.map((task) => (
              <TaskCard
                key={task.type}
                task={task}
                href={taskHrefs[task.type]}
                busy={claiming === task.type}
                disabled={claiming !== undefined}
                onClaim={() => void claim(task.type)}
              />
            ))}
          </ul>
          {tasks.length > 0 && claimed === tasks.length ? (
            <p className="text-center text-muted-foreground" data-testid="check-in-all-claimed">
              {t('all-claimed')}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function TaskSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      {[0, 1, 2].map((row) => (
        <div key={row} aria-hidden className="h-20 animate-pulse rounded-2xl bg-muted" />
      ))}
    </div>
  );
}

interface TaskCardProps {
  task: ActivityTask;
  href: string;
  busy: boolean;
  disabled: boolean;
  onClaim: () => void;
}

function TaskCard({ task, href, busy, disabled, onClaim }: TaskCardProps) {
  const t = useTranslations('activity.check-in');
  const Icon = taskIcons[task.type];
  const statusText =
    task.status === 'TODO'
      ? t('status-todo')
      : task.status === 'DONE'
        ? t('status-done')
        : t('status-rewarded');
  return (
    <li
      data-testid={`task-${task.type}`}
      data-status={task.status}
      className={cn(
        'flex flex-col gap-3 rounded-2xl border bg-background p-4 sm:flex-row sm:items-center sm:gap-4',
        task.status === 'DONE' ? 'border-primary' : 'border-border',
      )}
    >
      <div className="flex flex-1 items-start gap-3">
        <span
          aria-hidden
          className={cn(
            'flex size-11 shrink-0 items-center justify-center rounded-xl',
            task.status === 'REWARDED'
              ? 'bg-muted text-muted-foreground'
              : 'bg-primary/10 text-primary',
          )}
        >
          {task.status === 'REWARDED' ? (
            <CheckCircle2 className="size-5" />
          ) : (
            <Icon className="size-5" />
          )}
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="font-semibold">{t(`tasks.${task.type}.title`)}</h3>
          <p className="text-sm text-muted-foreground">{t(`tasks.${task.type}.description`)}</p>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="inline-flex items-center gap-1 font-medium text-amber-700 dark:text-amber-300">
              <Gift aria-hidden className="size-4" />
              {t('reward', { count: task.reward_days })}
            </span>
            <span
              data-testid="task-status"
              className={cn(
                'rounded-full px-2 py-0.5 text-xs font-semibold',
                task.status === 'DONE'
                  ? 'bg-primary/10 text-primary'
                  : 'bg-muted text-muted-foreground',
              )}
            >
              {statusText}
            </span>
            {Number(task.target) > 1 ? (
              <span className="text-xs text-muted-foreground">
                {task.progress}/{task.target}
              </span>
            ) : null}
          </p>
        </div>
      </div>
      {task.status === 'DONE' ? (
        <Button className="w-full sm:w-auto" disabled={disabled} onClick={onClaim}>
          {busy ? t('claiming') : t('claim')}
        </Button>
      ) : null}
      {task.status === 'TODO' ? (
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <a href={href}>{t('start')}</a>
        </Button>
      ) : null}
    </li>
  );
}
