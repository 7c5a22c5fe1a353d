'use client';

import { useEffect, useState } from 'react';
import { formatBytes } from '@nimbus/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { treeFromFileList } from './folder-tree';
import { useUploads } from './upload-provider';
import type { SharedFiles, SharedFilesStorage } from './shared-files';
import { clearSharedFiles, maxSharedBytes, maxSharedFiles, readSharedFiles } from './shared-files';

/** The most file names the dialog lists; the rest are counted. */
const listedNames = 5;

/**
 * The files a phone's share sheet sent (shared-files.ts), shown before anything is uploaded:
 * their names and size, and Upload, which queues them into My files, or Cancel. A share that was
 * too large is explained instead. Either way the kept files are forgotten when it closes.
 */
export function SharedFilesDialog({
  storage,
  onClose,
}: {
  storage: SharedFilesStorage;
  onClose: () => void;
}) {
  const t = useTranslations('upload');
  const locale = useLocale();
  const { upload } = useUploads();
  const [shared, setShared] = useState<SharedFiles>();

  useEffect(() => {
    let live = true;
    readSharedFiles(storage)
      .then((found) => {
        if (!live) {
          return;
        }
        if (found) {
          setShared(found);
        } else {
          void clearSharedFiles(storage).finally(onClose);
        }
      })
      .catch(() => onClose());
    return () => {
      live = false;
    };
  }, [storage, onClose]);

  const close = () => {
    void clearSharedFiles(storage);
    onClose();
  };
  if (!shared) {
    return null;
  }
  const files = shared.kind === 'files' ? shared.files : [];
  const size = formatBytes(
    files.reduce((sum, file) => sum + file.size, 0),
    { locale },
  );
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent
        closeLabel={t('shared.cancel')}
        className="max-w-md"
        data-testid="shared-files"
      >
        <DialogTitle>{t('shared.title')}</DialogTitle>
        {shared.kind === 'refused' ? (
          <DialogDescription>
            {t('shared.refused', {
              max: maxSharedFiles,
              size: formatBytes(maxSharedBytes, { locale }),
            })}
          </DialogDescription>
        ) : (
          <>
            <DialogDescription>
              {t('shared.description', { count: files.length, size })}
            </DialogDescription>
            <ul className="flex flex-col gap-1 text-sm">
              {files.slice(0, listedNames).map((file, index) => (
                <li key={index} className="truncate" data-testid="shared-file">
                  {file.name}
                </li>
              ))}
              {files.length > listedNames ? (
                <li className="text-muted-foreground">
                  {t('shared.more', { count: files.length - listedNames })}
                </li>
              ) : null}
            </ul>
          </>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={close}>
            {shared.kind === 'refused' ? t('shared.close') : t('shared.cancel')}
          </Button>
          {shared.kind === 'files' ? (
            <Button
              onClick={() => {
                upload('', treeFromFileList(files));
                close();
              }}
            >
              {t('shared.upload')}
            </Button>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
