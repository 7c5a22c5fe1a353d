'use client';

import type { ReactNode } from 'react';
import { useRef } from 'react';
import { FolderUp, Upload } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ButtonProps } from '@/components/ui/button';
import { Button } from '@/components/ui/button';
import { treeFromFileList } from './folder-tree';
import { useUploads } from './upload-provider';

export interface UploadButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** The folder the files go into (`''` is the root). */
  parentId: string;
  /** Picks a whole folder (`webkitdirectory`) instead of files. */
  folder?: boolean;
  /** The button's content; an icon and "Upload files" / "Upload folder" by default. */
  children?: ReactNode;
}

/** A button that opens the file picker (or the folder picker) and queues what is picked. */
export function UploadButton({ parentId, folder = false, children, ...props }: UploadButtonProps) {
  const t = useTranslations('upload');
  const input = useRef<HTMLInputElement>(null);
  const { upload } = useUploads();
  const directoryProps = folder ? { webkitdirectory: '', directory: '' } : {};
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        aria-hidden
        data-testid={folder ? 'upload-folder-input' : 'upload-files-input'}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          upload(parentId, treeFromFileList(files));
        }}
        {...directoryProps}
      />
      <Button {...props} onClick={() => input.current?.click()}>
        {children ?? (
          <>
            {folder ? <FolderUp aria-hidden /> : <Upload aria-hidden />}
            {folder ? t('button.folder') : t('button.files')}
          </>
        )}
      </Button>
    </>
  );
}
