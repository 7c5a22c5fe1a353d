'use client';

import type { Dispatch, SetStateAction } from 'react';
import { useCallback, useEffect, useRef } from 'react';
import { ApiError, defaultStorage } from '@nimbus/client';
import type { Locale } from '@nimbus/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { emitAppEvent } from '@/lib/app-events';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import { actionParams, maxActionFileIds } from '@/lib/dialog-action';
import { localePath } from '@/i18n/locale-path';
import { forgetRunningRestore, rememberRunningRestore } from './restore-continue';
import type { RestoreTask } from './restore-task';
import { browserSleep, followRestoreTask, savedIdsOf } from './restore-task';
import type { RestoreAnswer, RestoreRequestBody } from './share-api';
import type { SaveState } from './share-dialogs';
import { getSavedFile, getTask, openShare, restoreShare } from './share-api';

/** Whether a failure means the visitor is not signed in. */
export function needsSignIn(cause: unknown): boolean {
  return (
    cause instanceof ApiError &&
    (cause.status === 401 || cause.error === 'unauthenticated' || cause.error === 'login_required')
  );
}

/**
 * The drive page of the folder a save landed in: the folder chosen, else the folder of the first
 * saved item (the task's `file_id`), else the folder the answer named; with `savedIds` selected
 * there when the save's copies are known.
 */
async function landedHref(
  locale: Locale,
  landed: { parentId: string; savedId: string; folderId: string; savedIds: readonly string[] },
): Promise<string> {
  const inFolder = (id: string) => {
    const query = new URLSearchParams(id ? { folder: id } : {});
    // "saved file ids": the drive selects and scrolls to what the save brought (highlight_files).
    if (landed.savedIds.length > 0) {
      query.set('action', 'highlight_files');
      query.set(actionParams.fileId, landed.savedIds.join(','));
    }
    const search = query.toString();
    return `${localePath(locale, '/drive/all')}${search ? `?${search}` : ''}`;
  };
  if (landed.parentId) {
    return inFolder(landed.parentId);
  }
  const savedId = landed.savedId || landed.savedIds[0];
  if (savedId) {
    try {
      const file = await getSavedFile(savedId);
      return inFolder(file.parent_id);
    } catch {
      // The folder the answer named is the next best place.
    }
  }
  return inFolder(landed.folderId);
}

/**
 * Saving a share into the member's drive: the save runs with a progress bar —
 * `RESTORE_COMPLETE` ends at once, a `RESTORE_START` task is polled (`GET /drive/v1/tasks/{id}`)
 * until complete or failed — and ends with "Open in my drive". A save refused for want of a
 * sign-in asks for one (`askSignIn`); a save running as a task ("restore to drive") is kept so a
 * reload follows it again.
 */
export function useShareSave({
  shareId,
  token,
  errorTexts,
  setSave,
  askSignIn,
}: {
  shareId: string;
  token: string;
  errorTexts: ErrorTexts;
  setSave: Dispatch<SetStateAction<SaveState>>;
  askSignIn: (action: 'save', body: RestoreRequestBody) => void;
}) {
  const t = useTranslations('share');
  const locale: Locale = useLocale();
  const following = useRef<AbortController | undefined>(undefined);

  const fail = useCallback(
    (cause: unknown) => {
      setSave({ step: 'error', message: errorText(cause, locale, errorTexts) ?? t('save.failed') });
    },
    [locale, errorTexts, t, setSave],
  );

  /**
   * The copies of what a finished save took: of the items picked, or, for a whole share, of its
   * items at the top (the first page of them).
   */
  const savedItemsOf = useCallback(
    async (task: RestoreTask, picked: readonly string[]): Promise<string[]> => {
      let originals = picked;
      if (originals.length === 0) {
        try {
          const top = await openShare({
            share_id: shareId,
            pass_code_token: token,
            limit: maxActionFileIds,
          });
          originals = top.files.map((file) => file.id);
        } catch {
          return [];
        }
      }
      return savedIdsOf(task, originals, maxActionFileIds);
    },
    [shareId, token],
  );

  const follow = useCallback(
    async (taskId: string, parentId: string, picked: readonly string[] = []) => {
      following.current?.abort();
      const controller = new AbortController();
      following.current = controller;
      setSave({ step: 'saving', progress: 0 });
      try {
        const outcome = await followRestoreTask(taskId, {
          getTask,
          onProgress: (task) => setSave({ step: 'saving', progress: task.progress }),
          sleep: browserSleep,
          signal: controller.signal,
        });
        if (outcome.kind === 'aborted') {
          return;
        }
        forgetRunningRestore(defaultStorage());
        if (outcome.kind === 'error') {
          emitAppEvent('restore-status', { status: 'failed' });
          setSave({ step: 'error', message: outcome.task.message || t('save.failed') });
          return;
        }
        emitAppEvent('restore-status', { status: 'RESTORE_COMPLETE' });
        setSave({
          step: 'done',
          href: await landedHref(locale, {
            parentId,
            savedId: outcome.task.file_id,
            folderId: '',
            savedIds: await savedItemsOf(outcome.task, picked),
          }),
        });
      } catch (cause) {
        forgetRunningRestore(defaultStorage());
        emitAppEvent('restore-status', { status: 'failed' });
        fail(cause);
      }
    },
    [locale, t, fail, savedItemsOf, setSave],
  );

  const runSave = useCallback(
    async (body: RestoreRequestBody) => {
      setSave({ step: 'saving', progress: 0 });
      emitAppEvent('restore-saving', { items: body.file_ids.length });
      let answer: RestoreAnswer;
      try {
        answer = await restoreShare({ ...body, pass_code_token: token });
      } catch (cause) {
        if (needsSignIn(cause)) {
          askSignIn('save', body);
          return;
        }
        emitAppEvent('restore-status', { status: 'failed' });
        fail(cause);
        return;
      }
      emitAppEvent('restore-status', {
        status: answer.share_status === 'OK' ? answer.restore_status : answer.share_status,
      });
      if (answer.share_status !== 'OK') {
        setSave({
          step: 'error',
          message: answer.share_status_text || t(`status.${answer.share_status}`),
        });
        return;
      }
      const parentId = body.parent_id ?? '';
      if (answer.restore_status === 'RESTORE_START' && answer.restore_task_id) {
        rememberRunningRestore(defaultStorage(), {
          shareId,
          taskId: answer.restore_task_id,
          parentId,
          at: Date.now(),
        });
        await follow(answer.restore_task_id, parentId, body.file_ids);
        return;
      }
      setSave({ step: 'saving', progress: 100 });
      const task = answer.restore_task_id
        ? await getTask(answer.restore_task_id).catch(() => undefined)
        : undefined;
      setSave({
        step: 'done',
        href: await landedHref(locale, {
          parentId,
          savedId: task?.file_id ?? '',
          folderId: answer.file_id,
          savedIds: task ? await savedItemsOf(task, body.file_ids) : [],
        }),
      });
    },
    [token, shareId, askSignIn, fail, follow, locale, t, savedItemsOf, setSave],
  );

  /** Stops following a save; the save itself goes on on the server. */
  const stopFollowing = useCallback(() => following.current?.abort(), []);
  useEffect(() => stopFollowing, [stopFollowing]);

  return { follow, runSave, stopFollowing } as const;
}
