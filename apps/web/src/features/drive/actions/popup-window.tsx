'use client';

import type { Locale } from '@nimbus/contracts';
import Link from 'next/link';
import { buttonVariants } from '@/components/ui/button-variants';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { localePath } from '@/i18n/locale-path';

/** The texts of the prompt, in the page's language. */
export interface PopupTexts {
  title: string;
  description: string;
  desktop: string;
  extension: string;
  later: string;
  close: string;
}

/**
 * The prompt surface of `?action=show_popup_window` (docs/product.md#entities, prompt surface POPUP): a
 * small dialog offering the desktop app and the browser extension.
 */
export default function PopupWindow({
  texts,
  locale,
  onClose,
}: {
  texts: PopupTexts;
  locale: Locale;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={texts.close} data-testid="popup-window" className="max-w-md">
        <DialogTitle>{texts.title}</DialogTitle>
        <DialogDescription>{texts.description}</DialogDescription>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link
            href={localePath(locale, '/desktop-app')}
            className={buttonVariants({ variant: 'primary' })}
            onClick={onClose}
          >
            {texts.desktop}
          </Link>
          <Link
            href={localePath(locale, '/browser-extension')}
            className={buttonVariants({ variant: 'outline' })}
            onClick={onClose}
          >
            {texts.extension}
          </Link>
          <button type="button" className={buttonVariants({ variant: 'ghost' })} onClick={onClose}>
            {texts.later}
          </button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
