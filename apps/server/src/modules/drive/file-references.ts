import type { DriveFile, ThumbnailSize } from '@nimbus/contracts';
import { toFileDto, type FileLinker } from './file.dto';
import type { FileService } from './file.service';

/**
 * The member's Files by id, as a listing shows them (thumbnail and links signed alike), for the
 * modules that show Files beside their own items (a task's `reference_resource`). Ids that are
 * not the member's files are left out.
 */
export function createFileReferences(deps: {
  files: Pick<FileService, 'findMany'>;
  links?: FileLinker | undefined;
}) {
  return {
    async filesById(
      userId: string,
      ids: string[],
      thumbnailSize: ThumbnailSize | undefined,
    ): Promise<Map<string, DriveFile>> {
      const records = await deps.files.findMany(userId, ids);
      const links = deps.links
        ? await deps.links.forListing(userId, records, { thumbnailSize })
        : undefined;
      return new Map(
        records.map((record) => [record.id, toFileDto(record, links?.get(record.id))]),
      );
    },
  };
}
