import { feedbackLimits } from '@nimbus/contracts';

/** The file types the form takes before the server looks at the bytes. */
const acceptedTypes = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
]);
const acceptedExtensions = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'pdf', 'txt', 'log']);

/** What the form knows of a chosen file. */
export interface ChosenFile {
  name: string;
  size: number;
  type: string;
}

/** Why a chosen file was left out. */
export type FileProblem =
  { kind: 'too-large'; name: string } | { kind: 'type'; name: string } | { kind: 'too-many' };

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Whether a file looks like an accepted type (its type, or its name when the browser gives none). */
export function isAcceptedFile(file: ChosenFile): boolean {
  return file.type === ''
    ? acceptedExtensions.has(extensionOf(file.name))
    : acceptedTypes.has(file.type);
}

/**
 * Adds newly chosen files to those kept: files too large or of another type are left out with
 * their problem, and so is every file past the limit; a file already kept (same name and size)
 * is not added twice. The server checks the bytes again.
 */
export function addFiles<F extends ChosenFile>(
  kept: readonly F[],
  added: readonly F[],
): { files: F[]; problems: FileProblem[] } {
  const files = [...kept];
  const problems: FileProblem[] = [];
  let overflow = false;
  for (const file of added) {
    if (files.some((each) => each.name === file.name && each.size === file.size)) {
      continue;
    }
    if (file.size > feedbackLimits.attachmentMaxBytes) {
      problems.push({ kind: 'too-large', name: file.name });
      continue;
    }
    if (!isAcceptedFile(file) || file.size === 0) {
      problems.push({ kind: 'type', name: file.name });
      continue;
    }
    if (files.length >= feedbackLimits.maxAttachments) {
      overflow = true;
      continue;
    }
    files.push(file);
  }
  if (overflow) {
    problems.push({ kind: 'too-many' });
  }
  return { files, problems };
}
