'use client';

import { useEffect, useState } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { fileCategoryOf, formatBytes } from '@nimbus/contracts';
import {
  CircleAlert,
  CircleCheck,
  Download,
  Eye,
  FolderOpen,
  Link2,
  Pause,
  Play,
  RotateCcw,
  Trash2,
} from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import type { DriveFile } from '@/features/drive/drive-api';
import { getFile } from '@/features/drive/drive-api';
import { useTakeDriveAction } from '@/features/drive/actions/drive-action-store';
import { PreviewSlot } from '@/features/drive/drive-slots';
import { cn } from '@/lib/cn';
import { AddLinkDialog } from './add-link-dialog';
import { TaskLimitNotice } from './task-limit-notice';
import { timeLeft } from './links';
import type { OfflineTask, PhaseFilter } from './offline-api';
import { deleteTasks, getTask, listTasks, retryTask, setTaskPhase, taskFiles } from './offline-api';
import { tasksQueryKey } from './task-query-keys';

export interface TaskListProps {
  errorTexts: ErrorTexts;
  /** The locale-prefixed path of `/drive/all`, for "Show in folder". */
  allHref: string;
}

const filters: readonly PhaseFilter[] = ['all', 'running', 'complete', 'error'];

/** Polling again sooner than this is never useful. */
const minPollSeconds = 1;

/**
 * `/drive/tasks`: the member's offline downloads with live progress (polled as often as the
 * server's `expires_in` says), speed and time left, filtered by phase; each can be paused,
 * resumed, retried, deleted (with or without its file), and a finished one opened in the viewer
 * or shown in its folder. The dialog-action host hands it `?action=show_task&task_id=` (the
 * task's details in a dialog) and `?action=create_task&url=` (the Add dialog with the link).
 */
export function TaskList({ errorTexts, allHref }: TaskListProps) {
  const t = useTranslations('offline');
  const locale = useLocale();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<PhaseFilter>('all');
  const [adding, setAdding] = useState<{ text: string }>();
  const [detailsId, setDetailsId] = useState<string>();
  useTakeDriveAction(['show_task', 'create_task'], true, (request) => {
    if (request.action === 'show_task') {
      setDetailsId(request.taskId);
    } else {
      setAdding({ text: request.url });
    }
  });
  const [deleting, setDeleting] = useState<OfflineTask>();
  const [preview, setPreview] = useState<DriveFile>();

  const query = useInfiniteQuery({
    queryKey: [...tasksQueryKey, filter],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => listTasks(filter, pageParam, signal),
    getNextPageParam: (page) => page.next_page_token || undefined,
    staleTime: 0,
    refetchInterval: (state) =>
      Math.max(minPollSeconds, state.state.data?.pages[0]?.expires_in ?? 60) * 1000,
  });
  const tasks = query.data?.pages.flatMap((page) => page.tasks) ?? [];

  const describe = (error: unknown) => errorText(error, locale, errorTexts);
  const refresh = () => queryClient.invalidateQueries({ queryKey: tasksQueryKey });

  async function run(action: () => Promise<unknown>) {
    try {
      await action();
    } catch (error) {
      const message = describe(error);
      if (message) {
        toast({ title: message });
      }
    }
    await refresh();
  }

  async function fileOf(task: OfflineTask): Promise<DriveFile | undefined> {
    try {
      const file = await getFile(task.file_id);
      if (!file.trashed) {
        return file;
      }
    } catch {
      // Gone from the drive: said below.
    }
    toast({ title: t('tasks.open-failed') });
    return undefined;
  }

  function handlersOf(task: OfflineTask): Omit<TaskRowProps, 'task'> {
    return {
      onPause: () => void run(() => setTaskPhase(task.id, 'PHASE_TYPE_PAUSED')),
      onResume: () => void run(() => setTaskPhase(task.id, 'PHASE_TYPE_PENDING')),
      onRetry: () => void run(() => retryTask(task.id)),
      onDelete: () => setDeleting(task),
      onOpen: () =>
        void fileOf(task).then((file) => {
          if (file) {
            setPreview(file);
          }
        }),
      onShow: () =>
        void fileOf(task).then((file) => {
          if (file) {
            router.push(
              file.parent_id === ''
                ? allHref
                : `${allHref}?${new URLSearchParams({ folder: file.parent_id }).toString()}`,
            );
          }
        }),
    };
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="drive-tasks">
      <div className="flex flex-wrap items-center gap-2 border-b border-border px-3 py-2 md:px-4">
        <h1 className="min-w-0 flex-1 truncate text-lg font-semibold">{t('tasks.title')}</h1>
        <Button size="sm" onClick={() => setAdding({ text: '' })} data-testid="add-link-button">
          <Link2 aria-hidden />
          {t('add.button')}
        </Button>
      </div>
      <div className="border-b border-border px-3 py-2 md:px-4">
        <Tabs value={filter} onValueChange={(value) => setFilter(value as PhaseFilter)}>
          <TabsList
            aria-label={t('tasks.filters')}
            className="flex w-full overflow-x-auto sm:inline-flex sm:w-auto"
          >
            {filters.map((key) => (
              <TabsTrigger
                key={key}
                value={key}
                className="flex-1 whitespace-nowrap px-3 sm:flex-none sm:px-4"
                data-testid={`task-filter-${key}`}
              >
                {t(`tasks.filter.${key}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
      </div>
      <div className="px-3 pt-2 empty:hidden md:px-4">
        <TaskLimitNotice />
      </div>
      <div
        className="min-h-0 flex-1 overflow-y-auto px-2 py-2 md:px-4"
        aria-busy={query.isFetching}
      >
        {query.isPending ? (
          <div aria-hidden className="flex flex-col gap-2" data-testid="tasks-skeleton">
            {Array.from({ length: 6 }, (_, index) => (
              <div key={index} className="h-16 animate-pulse rounded-xl bg-muted" />
            ))}
          </div>
        ) : query.isError ? (
          <div role="alert" className="flex flex-col items-center gap-4 p-10 text-center">
            <p className="text-muted-foreground">{describe(query.error) ?? t('tasks.error')}</p>
            <Button variant="outline" onClick={() => void query.refetch()}>
              {t('tasks.retry-load')}
            </Button>
          </div>
        ) : tasks.length === 0 ? (
          <div
            className="flex flex-col items-center gap-3 px-6 py-16 text-center"
            data-testid="tasks-empty"
          >
            <Download aria-hidden className="size-12 text-muted-foreground" />
            <p className="text-lg font-medium">{t(`tasks.empty.${filter}.title`)}</p>
            <p className="max-w-sm text-sm text-muted-foreground">
              {t(`tasks.empty.${filter}.description`)}
            </p>
            {filter === 'all' ? (
              <Button onClick={() => setAdding({ text: '' })}>
                <Link2 aria-hidden />
                {t('add.button')}
              </Button>
            ) : null}
          </div>
        ) : (
          <>
            <ul aria-label={t('tasks.list')} className="flex flex-col gap-2">
              {tasks.map((task) => (
                <TaskRow key={task.id} task={task} {...handlersOf(task)} />
              ))}
            </ul>
            {query.hasNextPage ? (
              <div className="flex justify-center py-4">
                <Button
                  variant="outline"
                  disabled={query.isFetchingNextPage}
                  onClick={() => void query.fetchNextPage()}
                >
                  {t('tasks.load-more')}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
      {detailsId ? (
        <TaskDetailsDialog
          taskId={detailsId}
          handlersOf={(task) => {
            const handlers = handlersOf(task);
            const closing = (action: () => void) => () => {
              setDetailsId(undefined);
              action();
            };
            return {
              ...handlers,
              onDelete: closing(handlers.onDelete),
              onOpen: closing(handlers.onOpen),
              onShow: closing(handlers.onShow),
            };
          }}
          onMissing={() => {
            setDetailsId(undefined);
            toast({ title: t('tasks.not-found') });
          }}
          onClose={() => setDetailsId(undefined)}
        />
      ) : null}
      {adding ? (
        <AddLinkDialog
          errorTexts={errorTexts}
          initialText={adding.text}
          onOpenTasks={() => setFilter('all')}
          onClose={() => setAdding(undefined)}
        />
      ) : null}
      {deleting ? (
        <DeleteTaskDialog
          task={deleting}
          onConfirm={(withFiles) =>
            run(async () => {
              await deleteTasks([deleting.id], withFiles);
              toast({ title: t('tasks.deleted') });
            })
          }
          onClose={() => setDeleting(undefined)}
        />
      ) : null}
      {preview ? (
        <PreviewSlot
          files={[preview]}
          index={0}
          onClose={() => setPreview(undefined)}
          onIndexChange={() => undefined}
        />
      ) : null}
    </div>
  );
}

/**
 * One task's details (`?action=show_task`): its row with progress, facts and actions, in a
 * dialog, kept fresh while it runs. A task that is not the member's (or no longer exists) is
 * said so and nothing opens.
 */
function TaskDetailsDialog({
  taskId,
  handlersOf,
  onMissing,
  onClose,
}: {
  taskId: string;
  handlersOf: (task: OfflineTask) => Omit<TaskRowProps, 'task'>;
  onMissing: () => void;
  onClose: () => void;
}) {
  const t = useTranslations('offline');
  const query = useQuery({
    queryKey: [...tasksQueryKey, 'one', taskId],
    queryFn: ({ signal }) => getTask(taskId, signal),
    retry: false,
    refetchInterval: (state) => {
      const phase = state.state.data?.phase;
      return phase === 'PHASE_TYPE_RUNNING' || phase === 'PHASE_TYPE_PENDING' ? 2000 : false;
    },
  });
  const failed = query.isError;
  useEffect(() => {
    if (failed) {
      onMissing();
    }
  }, [failed, onMissing]);
  if (!query.data) {
    return null;
  }
  const task = query.data;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        closeLabel={t('tasks.details.close')}
        className="max-w-xl"
        data-testid="task-details"
        data-task-id={task.id}
      >
        <DialogTitle className="pr-10">{t('tasks.details.title')}</DialogTitle>
        <DialogDescription className="truncate">{task.file_name || task.name}</DialogDescription>
        <ul className="flex flex-col">
          <TaskRow task={task} {...handlersOf(task)} />
        </ul>
      </DialogContent>
    </Dialog>
  );
}

interface TaskRowProps {
  task: OfflineTask;
  onPause: () => void;
  onResume: () => void;
  onRetry: () => void;
  onDelete: () => void;
  onOpen: () => void;
  onShow: () => void;
}

/** One download: name, progress, what it is doing, and what can be done with it. */
function TaskRow({ task, onPause, onResume, onRetry, onDelete, onOpen, onShow }: TaskRowProps) {
  const t = useTranslations('offline');
  const locale = useLocale();
  const name = task.file_name || task.name;
  const active = task.phase === 'PHASE_TYPE_RUNNING' || task.phase === 'PHASE_TYPE_PENDING';
  const size = Number(task.file_size) > 0 ? formatBytes(task.file_size, { locale }) : '';
  const speed =
    task.phase === 'PHASE_TYPE_RUNNING' && Number(task.params.speed) > 0
      ? t('tasks.speed', { speed: formatBytes(task.params.speed ?? '0', { locale }) })
      : '';
  const left = task.phase === 'PHASE_TYPE_RUNNING' ? timeLeft(task.params.eta) : undefined;
  const facts = [
    t(`tasks.phase.${task.phase}`),
    size,
    speed,
    left ? t(`tasks.eta.${left.unit}`, { count: left.count }) : '',
  ].filter((fact) => fact !== '');
  const category = fileCategoryOf({ name });
  const Icon =
    task.phase === 'PHASE_TYPE_ERROR'
      ? CircleAlert
      : task.phase === 'PHASE_TYPE_COMPLETE'
        ? CircleCheck
        : Download;
  const canOpen = task.phase === 'PHASE_TYPE_COMPLETE' && task.file_id !== '';
  const files = taskFiles(task);

  return (
    <li
      className="flex flex-col gap-2 rounded-xl border border-border bg-background p-3 sm:flex-row sm:items-center"
      data-testid="task-item"
      data-name={name}
      data-phase={task.phase}
      data-category={category}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Icon
          aria-hidden
          className={cn(
            'mt-0.5 size-5 shrink-0',
            task.phase === 'PHASE_TYPE_ERROR'
              ? 'text-danger'
              : task.phase === 'PHASE_TYPE_COMPLETE'
                ? 'text-success'
                : 'text-muted-foreground',
          )}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          {canOpen ? (
            <button
              type="button"
              onClick={onOpen}
              className="truncate rounded text-left text-sm font-medium hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              {name}
            </button>
          ) : (
            <span className="truncate text-sm font-medium">{name}</span>
          )}
          {task.params.url ? (
            <span className="truncate text-xs text-muted-foreground" title={task.params.url}>
              {task.params.url}
            </span>
          ) : null}
          <div
            role="progressbar"
            aria-label={t('tasks.progress', { name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={task.progress}
            data-testid="task-progress"
            className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
          >
            <div
              className={cn(
                'h-full rounded-full transition-[width] duration-500',
                task.phase === 'PHASE_TYPE_ERROR'
                  ? 'bg-danger'
                  : task.phase === 'PHASE_TYPE_COMPLETE'
                    ? 'bg-success'
                    : 'bg-primary',
              )}
              style={{ width: `${task.progress}%` }}
            />
          </div>
          <p className="text-xs text-muted-foreground" data-testid="task-facts">
            <span data-testid="task-percent">{task.progress}%</span>
            {` · ${facts.join(' · ')}`}
          </p>
          {files.length > 0 ? (
            <details className="text-xs" data-testid="task-files">
              <summary className="cursor-pointer rounded text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
                {t('tasks.files', { count: files.length })}
              </summary>
              <ul className="mt-1 max-h-40 overflow-y-auto rounded-lg border border-border">
                {files.map((file) => (
                  <li
                    key={file.index}
                    className="flex gap-3 border-b border-border px-2 py-1 last:border-b-0"
                  >
                    <span className="min-w-0 flex-1 truncate">{file.name}</span>
                    <span className="shrink-0 text-muted-foreground">
                      {/^\d+$/.test(file.size) ? formatBytes(file.size, { locale }) : ''}
                    </span>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          {task.message ? (
            <p className="text-xs text-danger" data-testid="task-message">
              {task.message}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap items-center justify-end gap-1">
        {canOpen ? (
          <>
            <Button variant="outline" size="sm" onClick={onOpen} data-testid="task-open">
              <Eye aria-hidden />
              {t('tasks.action.open')}
            </Button>
            <IconAction label={t('tasks.action.show')} onClick={onShow}>
              <FolderOpen aria-hidden />
            </IconAction>
          </>
        ) : null}
        {active ? (
          <IconAction label={t('tasks.action.pause')} onClick={onPause}>
            <Pause aria-hidden />
          </IconAction>
        ) : null}
        {task.phase === 'PHASE_TYPE_PAUSED' ? (
          <IconAction label={t('tasks.action.resume')} onClick={onResume}>
            <Play aria-hidden />
          </IconAction>
        ) : null}
        {task.phase === 'PHASE_TYPE_ERROR' ? (
          <IconAction label={t('tasks.action.retry')} onClick={onRetry}>
            <RotateCcw aria-hidden />
          </IconAction>
        ) : null}
        <IconAction label={t('tasks.action.delete')} onClick={onDelete} danger>
          <Trash2 aria-hidden />
        </IconAction>
      </div>
    </li>
  );
}

function IconAction({
  label,
  onClick,
  danger,
  children,
}: {
  label: string;
  onClick: () => void;
  danger?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={danger ? 'text-danger' : undefined}
    >
      {children}
    </Button>
  );
}

/** Asks once before a download leaves the list, and whether its file goes to the trash too. */
function DeleteTaskDialog({
  task,
  onConfirm,
  onClose,
}: {
  task: OfflineTask;
  onConfirm: (withFiles: boolean) => Promise<unknown>;
  onClose: () => void;
}) {
  const t = useTranslations('offline');
  const td = useTranslations('drive');
  const [withFiles, setWithFiles] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        closeLabel={td('dialog.close')}
        role="alertdialog"
        data-testid="delete-task-dialog"
      >
        <DialogTitle>{t('tasks.delete.title')}</DialogTitle>
        <DialogDescription>
          {t('tasks.delete.description', { name: task.file_name || task.name })}
        </DialogDescription>
        {task.file_id !== '' ? (
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={withFiles}
              onChange={(event) => setWithFiles(event.target.checked)}
              className="size-4"
            />
            {t('tasks.delete.with-files')}
          </label>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose} autoFocus>
            {t('add.cancel')}
          </Button>
          <Button
            type="button"
            className="bg-danger text-white hover:bg-danger/90"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void onConfirm(withFiles).finally(() => {
                setBusy(false);
                onClose();
              });
            }}
          >
            {t('tasks.delete.confirm')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
