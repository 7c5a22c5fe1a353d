'use client';

import type { ReactNode } from 'react';
import { useState } from 'react';
import { announcementCookie } from './announcement-cookie';

/**
 * The announcement's box with its close button: closing hides it and remembers its id in a
 * cookie for a year, so the server leaves it out of later pages (a new announcement has another
 * id and shows again).
 */
export function AnnouncementBox({
  id,
  label,
  closeLabel,
  className,
  children,
}: {
  id: string;
  label: string;
  closeLabel: string;
  className: string;
  children: ReactNode;
}) {
  const [closed, setClosed] = useState(false);
  if (closed) {
    return null;
  }
  return (
    <div role="region" aria-label={label} data-testid="announcement" className={className}>
      {children}
      <button
        type="button"
        aria-label={closeLabel}
        title={closeLabel}
        data-testid="announcement-close"
        className="-my-1 flex size-8 shrink-0 items-center justify-center rounded-lg text-lg leading-none hover:bg-muted"
        onClick={() => {
          document.cookie = `${announcementCookie}=${id}; path=/; max-age=31536000; samesite=lax`;
          setClosed(true);
        }}
      >
        ×
      </button>
    </div>
  );
}
