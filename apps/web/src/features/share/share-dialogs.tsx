'use client';

import { CheckCircle2, CircleAlert, FolderOpen, HardDriveDownload } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import type { ErrorTexts } from '@/lib/api/error-text';
import { AuthPanel } from '@/features/auth/auth-panel';
import { FolderPicker } from './folder-picker';
import type { RestoreRequestBody } from './share-api';
import { intoFolder } from './share-pick';
import { savedFromSharesChoice } from './share-types';

/** Where the save dialog is: picking a folder, saving, done, or failed. */
export type SaveState =
  | { step: 'closed' }
  | { step: 'pick'; chosen: string; body: RestoreRequestBody }
  | { step: 'saving'; progress: number }
  | { step: 'done'; href: string }
  | { step: 'error'; message: string };

/** Why the sign-in dialog is open (a save, a file's download, a zip), and for how many items. */
export type SignInReason = { action: 'save' | 'download' | 'zip'; count: number };

/**
 * The share page's sign-in and save dialogs, loaded by `ShareActionsProvider` the first time one
 * of them is asked for.
 */
export function ShareDialogs({
  signInFor,
  closeSignIn,
  signedIn,
  errorTexts,
  save,
  setSave,
  closeSave,
  runSave,
}: {
  signInFor: SignInReason | undefined;
  closeSignIn: () => void;
  signedIn: () => void;
  errorTexts: ErrorTexts;
  save: SaveState;
  setSave: (state: SaveState) => void;
  closeSave: () => void;
  runSave: (body: RestoreRequestBody) => Promise<void>;
}) {
  const t = useTranslations('share');
  return (
    <>
      <Dialog open={signInFor !== undefined} onOpenChange={(open) => (open ? null : closeSignIn())}>
        <DialogContent
          closeLabel={t('sign-in.close')}
          className="max-h-[100dvh] overflow-y-auto"
          data-testid="share-sign-in-dialog"
        >
          <DialogTitle className="sr-only">{t('sign-in.title')}</DialogTitle>
          <AuthPanel
            errorTexts={errorTexts}
            defaultRedirect="/"
            onSignedIn={signedIn}
            embedded
            lead={
              <DialogDescription>
                {signInFor?.action === 'zip'
                  ? t('sign-in.for-download-zip', { count: signInFor.count })
                  : signInFor?.action === 'download'
                    ? signInFor.count > 1
                      ? t('sign-in.for-download-some', { count: signInFor.count })
                      : t('sign-in.for-download')
                    : signInFor && signInFor.count > 0
                      ? t('sign-in.for-save-some', { count: signInFor.count })
                      : t('sign-in.for-save')}
              </DialogDescription>
            }
          />
        </DialogContent>
      </Dialog>
      <Dialog open={save.step !== 'closed'} onOpenChange={(open) => (open ? null : closeSave())}>
        <DialogContent closeLabel={t('save.close')} data-testid="share-save-dialog">
          <DialogTitle>{t('save.dialog-title')}</DialogTitle>
          <SaveDialogBody state={save} setState={setSave} runSave={runSave} />
        </DialogContent>
      </Dialog>
    </>
  );
}

function SaveDialogBody({
  state,
  setState,
  runSave,
}: {
  state: SaveState;
  setState: (state: SaveState) => void;
  runSave: (body: RestoreRequestBody) => Promise<void>;
}) {
  const t = useTranslations('share');
  switch (state.step) {
    case 'closed':
      return null;
    case 'pick':
      return (
        <>
          <DialogDescription>
            {state.body.file_ids.length > 0
              ? t('save.dialog-description-some', { count: state.body.file_ids.length })
              : t('save.dialog-description')}
          </DialogDescription>
          <FolderPicker
            chosen={state.chosen}
            onChoose={(chosen) => setState({ ...state, chosen })}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => setState({ step: 'closed' })}>
              {t('save.cancel')}
            </Button>
            <Button
              type="button"
              data-testid="share-save-submit"
              onClick={() =>
                void runSave(
                  intoFolder(
                    state.body,
                    state.chosen === savedFromSharesChoice ? undefined : state.chosen,
                  ),
                )
              }
            >
              <HardDriveDownload aria-hidden />
              {t('save.submit')}
            </Button>
          </div>
        </>
      );
    case 'saving':
      return (
        <div className="flex flex-col gap-3" data-testid="share-save-progress">
          <DialogDescription>{t('save.started')}</DialogDescription>
          <div
            role="progressbar"
            aria-label={t('save.progress-label')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={state.progress}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width]"
              style={{ width: `${Math.max(4, state.progress)}%` }}
            />
          </div>
          <p className="text-sm text-muted-foreground">
            {t('save.progress', { progress: state.progress })}
          </p>
        </div>
      );
    case 'done':
      return (
        <div className="flex flex-col gap-4" data-testid="share-save-done">
          <DialogDescription className="flex items-center gap-2 text-base text-foreground">
            <CheckCircle2 aria-hidden className="size-5 text-primary" />
            {t('save.done')}
          </DialogDescription>
          <p className="text-sm text-muted-foreground">{t('save.where')}</p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => setState({ step: 'closed' })}>
              {t('save.close')}
            </Button>
            <a
              href={state.href}
              className={buttonVariants({ variant: 'primary' })}
              data-testid="share-open-in-drive"
            >
              <FolderOpen aria-hidden />
              {t('save.open')}
            </a>
          </div>
        </div>
      );
    case 'error':
      return (
        <div className="flex flex-col gap-4" data-testid="share-save-error">
          <DialogDescription className="flex items-center gap-2 text-base text-foreground">
            <CircleAlert aria-hidden className="size-5 text-destructive" />
            {state.message}
          </DialogDescription>
          <div className="flex justify-end">
            <Button type="button" variant="outline" onClick={() => setState({ step: 'closed' })}>
              {t('save.close')}
            </Button>
          </div>
        </div>
      );
  }
}
