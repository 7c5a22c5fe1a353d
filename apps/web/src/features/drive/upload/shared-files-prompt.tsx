'use client';

import dynamic from 'next/dynamic';
import { useCallback, useEffect, useState } from 'react';
import type { SharedFilesStorage } from './shared-files';
import { browserCacheStorage, hasSharedFiles } from './shared-files';

const SharedFilesDialog = dynamic(
  () => import('./shared-files-dialog').then((module) => module.SharedFilesDialog),
  { ssr: false },
);

/**
 * Opens the dialog of files shared from a phone (shared-files-dialog.tsx, loaded only then) when
 * a share left some for the drive: after the sign-in too, since they wait in the browser.
 */
export function SharedFilesPrompt() {
  const [storage, setStorage] = useState<SharedFilesStorage>();
  const close = useCallback(() => setStorage(undefined), []);

  useEffect(() => {
    const found = browserCacheStorage();
    let live = true;
    if (found) {
      hasSharedFiles(found)
        .then((waiting) => {
          if (live && waiting) {
            setStorage(found);
          }
        })
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
  }, []);

  return storage ? <SharedFilesDialog storage={storage} onClose={close} /> : null;
}
