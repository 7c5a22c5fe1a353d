'use client';

import { useTranslations } from 'next-intl';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import type { DriveNavProps } from './drive-nav';
import { DriveNavExtras, DriveNavLinks } from './drive-nav';

export interface DriveDrawerProps extends Omit<DriveNavProps, 'onNavigate'> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  signedIn: boolean;
  /** Gives the focus back to the button that opened the drawer (a tap may not have focused it). */
  returnFocus: () => void;
}

/**
 * The drive's sections on a phone: a drawer from the left (a Radix dialog: the focus stays in
 * it, Escape and the close button dismiss it) with the sections, the invitation, the feedback
 * link and the storage meter.
 */
export default function DriveDrawer({
  open,
  onOpenChange,
  section,
  hrefs,
  signedIn,
  returnFocus,
}: DriveDrawerProps) {
  const t = useTranslations('drive');
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        placement="left"
        closeLabel={t('nav.close')}
        aria-describedby={undefined}
        data-testid="drive-drawer"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus();
        }}
        className="overflow-y-auto"
      >
        <DialogTitle>{t('nav.menu')}</DialogTitle>
        <nav aria-label={t('nav.label')}>
          <DriveNavLinks section={section} hrefs={hrefs} onNavigate={close} />
        </nav>
        <div className="mt-auto flex flex-col gap-4 border-t border-border pt-4">
          <DriveNavExtras hrefs={hrefs} signedIn={signedIn} onNavigate={close} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
