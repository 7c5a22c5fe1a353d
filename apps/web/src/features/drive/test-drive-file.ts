import type { DriveFile } from './drive-api';

/** A complete text file in the home folder, as listings answer it; tests change the fields they need. */
export function testDriveFile(fields: Partial<DriveFile> = {}): DriveFile {
  return {
    kind: 'drive#file',
    id: 'id-file.txt',
    parent_id: 'home',
    name: 'file.txt',
    size: '10',
    mime_type: 'text/plain',
    file_extension: '.txt',
    file_category: 'TEXT',
    phase: 'PHASE_TYPE_COMPLETE',
    trashed: false,
    delete_time: '',
    starred: false,
    created_time: '2026-01-01T00:00:00.000Z',
    modified_time: '2026-01-01T00:00:00.000Z',
    thumbnail_link: '',
    web_content_link: '',
    links: {},
    params: {},
    ...fields,
  };
}
