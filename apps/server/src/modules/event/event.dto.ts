import { eventTypeName, type Locale } from '@nimbus/contracts';
import type { FileLinkFields } from '../drive/file.dto';
import type { EventView } from './event.repository';

/**
 * An event of `GET /drive/v1/events` (`kind: drive#event`): what happened (`type`, and
 * `type_name` in the caller's language) to which file, as the file is now, with the file's
 * thumbnail and category as a file listing gives them (`links`, from the content module).
 */
export function toEventDto(event: EventView, locale: Locale, links: Partial<FileLinkFields> = {}) {
  return {
    kind: 'drive#event' as const,
    id: event.id,
    type: event.type,
    type_name: eventTypeName(event.type, locale),
    file_id: event.fileId,
    file_name: event.fileName,
    file_kind: event.fileKind === 'folder' ? ('drive#folder' as const) : ('drive#file' as const),
    file_category: links.file_category ?? event.fileCategory,
    mime_type: event.mimeType,
    icon_link: '',
    thumbnail_link: links.thumbnail_link ?? '',
    params: event.params,
    created_time: event.createdAt,
  };
}
