import type { FileMedia, Locale, ShareStatus } from '@nimbus/contracts';
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

/** What the content origin asks of the video module when it lists a video's `medias`. */
export interface VideoMediaSource {
  /**
   * The medias of a video for one browser (`codecs`: its `media_codecs`): `original`, the
   * File's own bytes as this module built it, adjusted to what the browser plays, then the HLS
   * renditions with their signed playlist links (bound to `share` when given through one).
   */
  mediasOf(input: {
    record: FileRecord & { sha256: string };
    original: FileMedia;
    codecs: string | undefined;
    share: ShareScope | undefined;
  }): Promise<FileMedia[]>;
}
