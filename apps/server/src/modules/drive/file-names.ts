import {
  fileNameProblem,
  maxFileNameBytes,
  type ErrorReason,
  type FileNameProblem,
} from '@nimbus/contracts';
import { AppError } from '../../http/app-error';
import { newId } from '../../lib/secrets';
import { foldName } from './file-listing';
import type { FileRecord, NewFile } from './file.repository';

/** What each problem of a name answers: a reason of the catalogue and what exactly is wrong. */
const nameRefusals: Readonly<
  Record<FileNameProblem, { reason: ErrorReason; description: string }>
> = {
  empty: { reason: 'file_name_invalid', description: 'A name cannot be empty' },
  dot: { reason: 'file_name_invalid', description: 'A name cannot be . or ..' },
  blank_edges: {
    reason: 'file_name_invalid',
    description: 'A name cannot start or end with a blank',
  },
  separator: { reason: 'file_name_invalid', description: 'A name cannot hold / or \\' },
  control: {
    reason: 'file_name_invalid',
    description: 'A name cannot hold control characters or line breaks',
  },
  direction_control: {
    reason: 'file_name_direction_control',
    description:
      'A name cannot hold bidirectional controls (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C)',
  },
  too_long: {
    reason: 'file_name_too_long',
    description: `A name is at most ${maxFileNameBytes} bytes of UTF-8`,
  },
};

/**
 * Checks a name given by a member (`fileNameProblem` of the contracts: the rule the web app
 * knows too) and returns it in NFC; a problem answers its own reason, with
 * `ErrorInfo.metadata.problem` naming it.
 */
export function checkName(name: string): string {
  const problem = fileNameProblem(name);
  if (problem !== undefined) {
    const { reason, description } = nameRefusals[problem];
    throw new AppError(reason, { description, metadata: { problem } });
  }
  return name.normalize('NFC');
}

/**
 * The row of a new, empty folder named `name` (already made free in its parent), made at `stamp`:
 * the one shape every folder the drive or a share save makes has.
 */
export function newFolderRecord(input: {
  userId: string;
  parentId: string;
  name: string;
  stamp: string;
  folderType?: FileRecord['folderType'];
}): NewFile {
  return {
    id: newId(),
    userId: input.userId,
    parentId: input.parentId,
    kind: 'folder',
    name: input.name,
    nameKey: foldName(input.name),
    size: 0,
    sha256: null,
    gcid: '',
    mimeType: '',
    fileExtension: '',
    fileCategory: 'OTHER',
    phase: 'PHASE_TYPE_COMPLETE',
    starred: false,
    createdAt: input.stamp,
    modifiedAt: input.stamp,
    params: {},
    ...(input.folderType === undefined ? {} : { folderType: input.folderType }),
  };
}

/** `photo.jpg` -> `photo(2).jpg`; folders and names without an extension take it at the end. */
export function numberedName(name: string, kind: 'file' | 'folder', n: number): string {
  const dot = name.lastIndexOf('.');
  if (kind === 'folder' || dot <= 0) {
    return `${name}(${n})`;
  }
  return `${name.slice(0, dot)}(${n})${name.slice(dot)}`;
}

export function notFound(): AppError {
  return new AppError('file_not_found');
}

export function inTrash(): AppError {
  return new AppError('file_in_recycle_bin');
}
