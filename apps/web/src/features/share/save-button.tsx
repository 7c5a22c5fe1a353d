'use client';

import { useCallback, useEffect, useState } from 'react';
import { ApiError, defaultStorage } from '@nimbus/client';
import { HardDriveDownload } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { browserClient } from '@/features/auth/browser-client';
import type { ErrorTexts } from '@/features/auth/error-text';
import { errorText } from '@/features/auth/error-text';
import { localePath } from '@/i18n/locale-path';
import { rememberRestore, takeRestore } from './restore-continue';
import type { ShareStatus } from './share-types';

interface RestoreAnswer {
  share_status: ShareStatus;
  share_status_text: string;
  restore_status: string;
  restore_task_id: string;
  file_id: string;
}

/** Whether a failure means the visitor is not signed in. */
function needsSignIn(cause: unknown): boolean {
  return (
    cause instanceof ApiError &&
    (cause.status === 401 || cause.error === 'unauthenticated' || cause.error === 'login_required')
  );
}

/**
 * "Save to my drive": a signed-in member's save lands in "Saved from shares" (references, no
 * copy) with a toast of the result; an anonymous visitor is sent to sign in (scene
 * SHOW_LOGIN_DIALOG) and the save is remembered ("restore continue") and finished on return.
 */
export function SaveButton({
  shareId,
  token,
  errorTexts,
}: {
  shareId: string;
  token: string;
  errorTexts: ErrorTexts;
}) {
  const t = useTranslations('share');
  const locale = useLocale();
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  const save = useCallback(
    async (fileIds: string[]) => {
      setBusy(true);
      try {
        const answer = await browserClient().post<RestoreAnswer>('/drive/v1/share/restore', {
          share_id: shareId,
          pass_code_token: token,
          file_ids: fileIds,
        });
        if (answer.share_status !== 'OK') {
          toast({ title: answer.share_status_text || t(`status.${answer.share_status}`) });
        } else {
          toast({
            title:
              answer.restore_status === 'RESTORE_COMPLETE' ? t('save.done') : t('save.started'),
            description: t('save.where'),
          });
        }
      } catch (cause) {
        if (needsSignIn(cause)) {
          rememberRestore(defaultStorage(), { shareId, fileIds, at: Date.now() });
          const back = `${window.location.pathname}?scene=SHOW_LOGIN_DIALOG`;
          router.push(`${localePath(locale, '/drive/login')}?redirect=${encodeURIComponent(back)}`);
          return;
        }
        const message = errorText(cause, locale, errorTexts);
        if (message) {
          toast({ title: message });
        }
      }
      setBusy(false);
    },
    [shareId, token, t, locale, router, errorTexts],
  );

  // Back from signing in: finish the save the visitor asked for.
  useEffect(() => {
    const pending = takeRestore(defaultStorage(), shareId, Date.now());
    if (pending) {
      void Promise.resolve().then(() => save(pending.fileIds));
    }
  }, [shareId, save]);

  return (
    <Button onClick={() => void save([])} disabled={busy} data-testid="share-save">
      <HardDriveDownload aria-hidden className="size-4" />
      {busy ? t('save.saving') : t('save.label')}
    </Button>
  );
}
