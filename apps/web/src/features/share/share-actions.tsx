'use client';

import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useState } from 'react';
import { HardDriveDownload } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { buttonVariants } from '@/components/ui/button-variants';
import { toast } from '@/components/ui/toast';
import { emitAppEvent } from '@/lib/app-events';
import type { ErrorTexts } from '@/lib/api/error-text';
import { useStoredSession } from '@/lib/session/use-stored-session';
import { loadOnce, useLoadedWhen } from '@/lib/use-loaded-when';
import type { PreviewFile } from '@/features/preview';
import type { RestoreRequestBody, ShareZipBody } from './share-api';
import type { ShareScene } from './share-scene';
import { savedFromSharesChoice } from './share-types';
import { useShareDownloads } from './use-share-downloads';
import type { SaveState } from './share-dialogs';
import { useShareSave } from './use-share-save';
import { useResumeAfterSignIn, useSignInRequest } from './use-share-sign-in';

// The sign-in and save dialogs (with the sign-in panel and the folder picker) load when one is
// first asked for; a dialog opens once its content is here, so its first field takes the focus.
const loadDialogs = loadOnce(() => import('./share-dialogs'));

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

/**
 * The share page's actions. Saving: a signed-in member picks a folder ("Saved from shares" by
 * default) and the save runs with a progress bar (`useShareSave`). An anonymous visitor signs in
 * (or up) in a dialog first (scene SHOW_LOGIN_DIALOG); the save or download asked for is kept in
 * local storage and carried out right after, even across a full reload (`use-share-sign-in`).
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
  const session = useStoredSession();
  const [save, setSave] = useState<SaveState>({ step: 'closed' });
  const [previewing, setPreviewing] = useState(false);
  const closeSaveDialog = useCallback(() => setSave({ step: 'closed' }), []);
  const { signInFor, setSignInFor, askSignIn, closeSignIn } = useSignInRequest(
    shareId,
    closeSaveDialog,
  );
  const { follow, runSave, stopFollowing } = useShareSave({
    shareId,
    token,
    errorTexts,
    setSave,
    askSignIn,
  });
  const { download, downloadAll, downloadZip } = useShareDownloads({
    shareId,
    token,
    errorTexts,
    askSignIn,
  });
  const signedIn = useResumeAfterSignIn({
    shareId,
    session: session.kind,
    setSignInFor,
    follow,
    runSave,
    downloadAll,
    downloadZip,
  });

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
      stopFollowing();
      toast({ title: t('save.started'), description: t('save.where') });
    }
    setSave({ step: 'closed' });
  }, [save.step, t, stopFollowing]);

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
    <button
      type="button"
      className={buttonVariants({ size: 'lg' })}
      onClick={() => requestSave()}
      disabled={saving}
      data-testid="share-save"
    >
      <HardDriveDownload aria-hidden />
      {saving ? t('save.saving') : t('save.label')}
    </button>
  );
}
