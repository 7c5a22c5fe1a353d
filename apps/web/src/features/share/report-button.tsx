'use client';

import { useRef, useState } from 'react';
import { Flag } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { buttonVariants } from '@/components/ui/button-variants';
import type { ErrorTexts } from '@/lib/api/error-text';
import { loadOnce, useLoadedWhen } from '@/lib/use-loaded-when';

// The dialog loads when the button is first pointed at, focused or pressed, and opens once here.
const loadReportDialog = loadOnce(() => import('./report-dialog'));

/** "Report": opens the dialog that sends the share for review with a reason. */
export function ReportButton({
  shareId,
  shareUserId,
  errorTexts,
}: {
  shareId: string;
  shareUserId: string;
  errorTexts: ErrorTexts;
}) {
  const t = useTranslations('share');
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const ReportDialog = useLoadedWhen(loadReportDialog, open)?.ReportDialog;
  return (
    <>
      <button
        type="button"
        className={buttonVariants({ variant: 'outline' })}
        ref={opener}
        data-testid="share-report"
        aria-haspopup="dialog"
        aria-expanded={open && ReportDialog !== undefined}
        onPointerEnter={() => void loadReportDialog()}
        onFocus={() => void loadReportDialog()}
        onClick={() => setOpen(true)}
      >
        <Flag aria-hidden className="size-4" />
        {t('report.label')}
      </button>
      {ReportDialog ? (
        <ReportDialog
          shareId={shareId}
          shareUserId={shareUserId}
          errorTexts={errorTexts}
          open={open}
          setOpen={setOpen}
          opener={opener}
        />
      ) : null}
    </>
  );
}
