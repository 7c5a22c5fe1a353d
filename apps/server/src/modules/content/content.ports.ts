import type { Locale, ShareStatus } from '@nimbus/contracts';
import type { ShareScope } from '../drive/file.dto';
import type { FileRecord } from '../drive/file.repository';

/*
 * What the content origin asks of the share module, owned here where it is used: the share
 * module answers it and the container wires it, so content never imports shares.
 */

/** Who opens a share's zip, as the share module's access check reads them. */
export interface ZipVisitor {
  userId: string | null;
  locale: Locale;
  address: string;
  deviceId: string;
  clientId: string;
  captchaToken: string | undefined;
}

/** What a zip of a share's items holds: the chosen items and their trees, moderated ones left out. */
export type ShareZipResult =
  | { status: Exclude<ShareStatus, 'OK'> }
  | {
      status: 'OK';
      share: { id: string; title: string };
      rootIds: string[];
      entries: { record: FileRecord; path: string }[];
    };

/** Shares as the content origin sees them: the items of a share's zip, and whether a share still holds a file. */
export interface ShareZipSource {
  zipEntries(
    shareId: string,
    visitor: ZipVisitor,
    input: { passCodeToken: string; fileIds: string[]; ancestorIds: string[] },
  ): Promise<ShareZipResult>;
  holdsFile(scope: ShareScope, fileId: string, use: 'file' | 'thumbnail'): Promise<boolean>;
}
