'use client';

import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { ApiError, defaultStorage } from '@nimbus/client';
import type { Locale } from '@nimbus/contracts';
import { HardDriveDownload } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { emitAppEvent } from '@/lib/app-events';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import { useStoredSession } from '@/lib/session/use-stored-session';
import type { DriveFile } from '@/features/drive/drive-api';
import { getFile } from '@/features/drive/drive-api';
import { actionParams, maxActionFileIds } from '@/features/drive/actions/dialog-action';
import type { PreviewFile } from '@/features/drive/preview';
import { contentUrlOf } from '@/features/drive/preview/preview-file';
import { localePath } from '@/i18n/locale-path';
import {
  forgetRestore,
  forgetRunningRestore,
  peekRestore,
  rememberRestore,
  rememberRunningRestore,
  runningRestore,
  takeRestore,
} from './restore-continue';
import type { RestoreTask } from './restore-task';
import { browserSleep, followRestoreTask, savedIdsOf } from './restore-task';
import { downloadOneByOne } from './share-pick';
import type { RestoreAnswer, RestoreRequestBody, ShareZipBody } from './share-api';
import { getTask, openShare, restoreShare, shareFileInfo, zipShare } from './share-api';
import { savedFromSharesChoice } from './share-types';
import type { SaveState } from './share-dialogs';
import { loadOnce, useLoadedWhen } from '@/lib/use-loaded-when';

// The sign-in and save dialogs (with the sign-in panel and the folder picker) load when one is
// first asked for; a dialog opens once its content is here, so its first field takes the focus.
const loadDialogs = loadOnce(() => import('./share-dialogs'));

/** The scenes of the share page (docs/product.md#entities). */
export type ShareScene = 'SHARE' | 'SHARE_DETAIL' | 'SHOW_LOGIN_DIALOG' | 'SHARE_PREVIEW_WINDOW';

/** The query parameter that names the scene the page opens in. */
export const sceneParam = 'scene';

interface ShareActions {
  /**
   * "Save to my drive": the folder picker, or the sign-in dialog first; the whole share, or
   * the items picked (`file_ids` and `ancestor_ids` of the save).
   */
  requestSave: (pick?: RestoreRequestBody) => void;
  /** Downloads a file of the share, after signing in when needed (`login_required`). */
  requestDownload: (file: Pick<PreviewFile, 'id' | 'name'>) => void;
  /**
   * Downloads several items or a folder as one zip (`POST /drive/v1/share:zip`), after signing
   * in when needed.
   */
  requestZip: (body: ShareZipBody) => void;
  /** Tells the page a preview opened or closed (scene SHARE_PREVIEW_WINDOW). */
  setPreviewing: (previewing: boolean) => void;
  saving: boolean;
}

const ShareActionsContext = createContext<ShareActions | undefined>(undefined);

/** The share page's save, download and sign-in actions. */
export function useShareActions(): ShareActions {
  const actions = useContext(ShareActionsContext);
  if (!actions) {
    throw new Error('useShareActions outside ShareActionsProvider');
  }
  return actions;
}

/** Whether a failure means the visitor is not signed in. */
function needsSignIn(cause: unknown): boolean {
  return (
    cause instanceof ApiError &&
    (cause.status === 401 || cause.error === 'unauthenticated' || cause.error === 'login_required')
  );
}

/** Sets (or removes) `?scene=` without a navigation, so a reload opens the same scene. */
function replaceScene(scene: ShareScene | undefined): void {
  const url = new URL(window.location.href);
  if (scene) {
    url.searchParams.set(sceneParam, scene);
  } else {
    url.searchParams.delete(sceneParam);
  }
  if (url.href !== window.location.href) {
    window.history.replaceState(window.history.state, '', url);
  }
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
      const file: DriveFile = await getFile(savedId);
      return inFolder(file.parent_id);
    } catch {
      // The folder the answer named is the next best place.
    }
  }
  return inFolder(landed.folderId);
}

/** Starts a download of a link in this tab (the content origin sends it as an attachment). */
function startDownload(url: string, name: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/**
 * The share page's actions. Saving: a signed-in member picks a folder ("Saved from shares" by
 * default) and the save runs with a progress bar — `RESTORE_COMPLETE` ends at once, a
 * `RESTORE_START` task is polled (`GET /drive/v1/tasks/{id}`) until complete or failed — and ends
 * with "Open in my drive". An anonymous visitor signs in (or up) in a dialog first (scene
 * SHOW_LOGIN_DIALOG); the save ("restore continue", "restore request body") or download asked
 * for is kept in local storage and carried out right after, even across a full reload. A save
 * running as a task ("restore to drive") is followed again after a reload.
 */
export function ShareActionsProvider({
  shareId,
  token,
  errorTexts,
  baseScene,
  children,
}: {
  shareId: string;
  token: string;
  errorTexts: ErrorTexts;
  /** SHARE at the share's root, SHARE_DETAIL inside a folder. */
  baseScene: 'SHARE' | 'SHARE_DETAIL';
  children: ReactNode;
}) {
  const t = useTranslations('share');
  const locale: Locale = useLocale();
  const session = useStoredSession();
  /**
   * Why the sign-in dialog is open (a save, a file's download, a zip), and for how many picked
   * items (0: the whole share).
   */
  const [signInFor, setSignInFor] = useState<
    { action: 'save' | 'download' | 'zip'; count: number } | undefined
  >(undefined);
  const [save, setSave] = useState<SaveState>({ step: 'closed' });
  const [previewing, setPreviewing] = useState(false);
  const following = useRef<AbortController | undefined>(undefined);
  const downloading = useRef<AbortController | undefined>(undefined);
  const resumed = useRef(false);

  const fail = useCallback(
    (cause: unknown) => {
      setSave({ step: 'error', message: errorText(cause, locale, errorTexts) ?? t('save.failed') });
    },
    [locale, errorTexts, t],
  );

  const askSignIn = useCallback(
    (action: 'save' | 'download', body: RestoreRequestBody, fileIds?: readonly string[]) => {
      rememberRestore(
        defaultStorage(),
        { shareId, action, ...(fileIds ? { fileIds: [...fileIds] } : {}), at: Date.now() },
        body,
      );
      setSave({ step: 'closed' });
      setSignInFor({
        action: action === 'download' && !fileIds ? 'zip' : action,
        count: fileIds ? fileIds.length : body.file_ids.length,
      });
      replaceScene('SHOW_LOGIN_DIALOG');
    },
    [shareId],
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
    [locale, t, fail, savedItemsOf],
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
    [token, shareId, askSignIn, fail, follow, locale, t, savedItemsOf],
  );

  const download = useCallback(
    async (fileId: string) => {
      try {
        const answer = await shareFileInfo({
          share_id: shareId,
          file_id: fileId,
          pass_code_token: token,
        });
        const url = answer.file_info ? contentUrlOf(answer.file_info) : undefined;
        if (answer.share_status !== 'OK' || !answer.file_info || !url) {
          toast({
            title:
              answer.share_status === 'OK'
                ? t('download.failed')
                : answer.share_status_text || t(`status.${answer.share_status}`),
          });
          return;
        }
        startDownload(url, answer.file_info.name);
      } catch (cause) {
        toast({ title: errorText(cause, locale, errorTexts) ?? t('download.failed') });
      }
    },
    [shareId, token, t, locale, errorTexts],
  );

  /** Downloads files one at a time; a new pick's downloads take the place of one running. */
  const downloadAll = useCallback(
    async (fileIds: readonly string[]) => {
      downloading.current?.abort();
      const controller = new AbortController();
      downloading.current = controller;
      await downloadOneByOne(fileIds, {
        download,
        sleep: (ms) => browserSleep(ms, controller.signal).catch(() => undefined),
        signal: controller.signal,
      });
    },
    [download],
  );

  const requestSave = useCallback(
    (pick?: RestoreRequestBody) => {
      const body = pick ?? { share_id: shareId, file_ids: [] };
      emitAppEvent('restore-click', {
        items: body.file_ids.length,
        signed_in: session.kind === 'signed-out' ? 0 : 1,
      });
      if (session.kind === 'signed-out') {
        askSignIn('save', body);
        return;
      }
      setSave({ step: 'pick', chosen: savedFromSharesChoice, body });
    },
    [session.kind, askSignIn, shareId],
  );

  const requestDownload = useCallback(
    (file: Pick<PreviewFile, 'id' | 'name'>) => {
      if (session.kind !== 'signed-in') {
        askSignIn('download', { share_id: shareId, file_ids: [] }, [file.id]);
        return;
      }
      void download(file.id);
    },
    [session.kind, askSignIn, shareId, download],
  );

  /** Asks for a zip link and starts its download; the zip is streamed as it is read. */
  const downloadZip = useCallback(
    async (body: ShareZipBody) => {
      try {
        const answer = await zipShare({ ...body, pass_code_token: token });
        if (answer.share_status !== 'OK' || !answer.url) {
          toast({
            title:
              answer.share_status === 'OK'
                ? t('download.failed')
                : answer.share_status_text || t(`status.${answer.share_status}`),
          });
          return;
        }
        startDownload(answer.url, answer.name);
      } catch (cause) {
        if (needsSignIn(cause)) {
          askSignIn('download', body);
          return;
        }
        toast({ title: errorText(cause, locale, errorTexts) ?? t('download.failed') });
      }
    },
    [token, t, locale, errorTexts, askSignIn],
  );

  const requestZip = useCallback(
    (body: ShareZipBody) => {
      if (session.kind !== 'signed-in') {
        askSignIn('download', body);
        return;
      }
      void downloadZip(body);
    },
    [session.kind, askSignIn, downloadZip],
  );

  // Carries on with what the visitor asked for before signing in, on this page or after a
  // reload; a signed-out visitor back on a page with a pending save sees the sign-in again.
  const resume = useCallback(() => {
    const storage = defaultStorage();
    const found = takeRestore(storage, shareId, Date.now());
    if (!found) {
      return;
    }
    if (found.pending.action === 'download') {
      // One file by its link; a zip was asked for with its body alone.
      if (found.pending.fileIds && found.pending.fileIds.length > 0) {
        void downloadAll(found.pending.fileIds);
      } else {
        void downloadZip(found.body);
      }
      return;
    }
    void runSave(found.body);
  }, [shareId, downloadAll, downloadZip, runSave]);

  useEffect(() => {
    if (session.kind === 'unknown' || resumed.current) {
      return;
    }
    resumed.current = true;
    const storage = defaultStorage();
    const scene = new URL(window.location.href).searchParams.get(sceneParam);
    if (session.kind === 'signed-in') {
      if (scene === 'SHOW_LOGIN_DIALOG') {
        replaceScene(undefined);
      }
      const running = runningRestore(storage, shareId, Date.now());
      if (running) {
        void Promise.resolve().then(() => follow(running.taskId, running.parentId));
        return;
      }
      void Promise.resolve().then(resume);
      return;
    }
    const pending = peekRestore(storage, shareId, Date.now());
    if (pending) {
      const count =
        pending.pending.action === 'download'
          ? (pending.pending.fileIds?.length ?? pending.body.file_ids.length)
          : pending.body.file_ids.length;
      const action =
        pending.pending.action === 'download' && !pending.pending.fileIds
          ? 'zip'
          : pending.pending.action;
      void Promise.resolve().then(() => setSignInFor({ action, count }));
      replaceScene('SHOW_LOGIN_DIALOG');
    } else if (scene === 'SHOW_LOGIN_DIALOG') {
      void Promise.resolve().then(() => setSignInFor({ action: 'save', count: 0 }));
    }
  }, [session.kind, shareId, follow, resume]);

  useEffect(
    () => () => {
      following.current?.abort();
      downloading.current?.abort();
    },
    [],
  );

  const closeSignIn = useCallback(() => {
    forgetRestore(defaultStorage());
    setSignInFor(undefined);
    replaceScene(undefined);
  }, []);

  const signedIn = useCallback(() => {
    setSignInFor(undefined);
    replaceScene(undefined);
    resume();
  }, [resume]);

  const Dialogs = useLoadedWhen(
    loadDialogs,
    signInFor !== undefined || save.step !== 'closed',
  )?.ShareDialogs;
  const scene: ShareScene = signInFor
    ? 'SHOW_LOGIN_DIALOG'
    : previewing
      ? 'SHARE_PREVIEW_WINDOW'
      : baseScene;

  const closeSave = useCallback(() => {
    if (save.step === 'saving') {
      // The save goes on on the server; a running task is followed again on the next visit.
      following.current?.abort();
      toast({ title: t('save.started'), description: t('save.where') });
    }
    setSave({ step: 'closed' });
  }, [save.step, t]);

  return (
    <ShareActionsContext.Provider
      value={{
        requestSave,
        requestDownload,
        requestZip,
        setPreviewing,
        saving: save.step === 'saving',
      }}
    >
      <div className="contents" data-testid="share-scene" data-scene={scene}>
        {children}
      </div>
      {Dialogs ? (
        <Dialogs
          signInFor={signInFor}
          closeSignIn={closeSignIn}
          signedIn={signedIn}
          errorTexts={errorTexts}
          save={save}
          setSave={setSave}
          closeSave={closeSave}
          runSave={runSave}
        />
      ) : null}
    </ShareActionsContext.Provider>
  );
}

/** The page's primary button, "Save to my drive". */
export function SaveButton() {
  const t = useTranslations('share');
  const { requestSave, saving } = useShareActions();
  return (
    <Button onClick={() => requestSave()} disabled={saving} data-testid="share-save" size="lg">
      <HardDriveDownload aria-hidden />
      {saving ? t('save.saving') : t('save.label')}
    </Button>
  );
}
