'use client';

import type { Dispatch, SetStateAction } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { defaultStorage } from '@nimbus/client';
import type { StoredSession } from '@/lib/session/use-stored-session';
import {
  forgetRestore,
  peekRestore,
  rememberRestore,
  runningRestore,
  takeRestore,
} from './restore-continue';
import type { RestoreRequestBody, ShareZipBody } from './share-api';
import type { SignInReason } from './share-dialogs';
import { replaceScene, sceneParam } from './share-scene';

/**
 * The sign-in an anonymous visitor is asked for before a save or a download (scene
 * SHOW_LOGIN_DIALOG): what was asked for ("restore continue", "restore request body") is kept in
 * local storage, so it is carried out right after the sign-in, even across a full reload.
 */
export function useSignInRequest(shareId: string, closeSave: () => void) {
  const [signInFor, setSignInFor] = useState<SignInReason | undefined>(undefined);

  const askSignIn = useCallback(
    (action: 'save' | 'download', body: RestoreRequestBody, fileIds?: readonly string[]) => {
      rememberRestore(
        defaultStorage(),
        { shareId, action, ...(fileIds ? { fileIds: [...fileIds] } : {}), at: Date.now() },
        body,
      );
      closeSave();
      setSignInFor({
        action: action === 'download' && !fileIds ? 'zip' : action,
        count: fileIds ? fileIds.length : body.file_ids.length,
      });
      replaceScene('SHOW_LOGIN_DIALOG');
    },
    [shareId, closeSave],
  );

  const closeSignIn = useCallback(() => {
    forgetRestore(defaultStorage());
    setSignInFor(undefined);
    replaceScene(undefined);
  }, []);

  return { signInFor, setSignInFor, askSignIn, closeSignIn } as const;
}

/**
 * Carries on with what the visitor asked for before signing in, on this page or after a reload,
 * and follows again a save running as a task; a signed-out visitor back on a page with a pending
 * save sees the sign-in again. Returns what the sign-in dialog calls once the visitor is in.
 */
export function useResumeAfterSignIn({
  shareId,
  session,
  setSignInFor,
  follow,
  runSave,
  downloadAll,
  downloadZip,
}: {
  shareId: string;
  session: StoredSession['kind'];
  setSignInFor: Dispatch<SetStateAction<SignInReason | undefined>>;
  follow: (taskId: string, parentId: string) => Promise<void>;
  runSave: (body: RestoreRequestBody) => Promise<void>;
  downloadAll: (fileIds: readonly string[]) => Promise<void>;
  downloadZip: (body: ShareZipBody) => Promise<void>;
}) {
  const resumed = useRef(false);

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
    if (session === 'unknown' || resumed.current) {
      return;
    }
    resumed.current = true;
    const storage = defaultStorage();
    const scene = new URL(window.location.href).searchParams.get(sceneParam);
    if (session === 'signed-in') {
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
  }, [session, shareId, follow, resume, setSignInFor]);

  const signedIn = useCallback(() => {
    setSignInFor(undefined);
    replaceScene(undefined);
    resume();
  }, [resume, setSignInFor]);

  return signedIn;
}
