/**
 * The one rule for names of files and folders, on the server and in the web app.
 *
 * A name a member types (create, rename, upload) is refused when it has a problem
 * (`fileNameProblem`): empty, `.` or `..`, blanks at either end, a `/` or `\`, a control
 * character or line separator, a bidirectional control (U+202E and kin, which make
 * `invoice‮fdp.exe` read as `invoiceexe.pdf`), or more than 255 bytes of UTF-8 (what ext4, XFS,
 * Btrfs and ZFS hold; Seafile counts the same way). Every script is a name: CJK, Arabic, Hebrew,
 * emoji and joiners pass.
 *
 * Names Windows alone cannot hold (`CON`, `aux.c`, `C:`, `a?b`, a trailing dot) are kept in the
 * drive, as Nextcloud (unless "Windows compatible filenames" is on), Google Drive and Dropbox do:
 * they are fine on every other system. They are made safe where a name lands on the member's
 * own file system, the entries of a zip (`portableFileName`).
 *
 * A name that comes from elsewhere (a download's `Content-Disposition` or URL, a torrent, a
 * share's title) is never refused but made safe (`safeFileName`): bidirectional controls
 * dropped, separators and controls replaced, and cut to 255 bytes at a character boundary,
 * keeping its extension.
 */

/** Most bytes of UTF-8 a name takes. */
export const maxFileNameBytes = 255;

/** Why a name cannot be used. */
export type FileNameProblem =
  'empty' | 'dot' | 'blank_edges' | 'separator' | 'control' | 'direction_control' | 'too_long';

/**
 * Bidirectional formatting characters: embeddings and overrides (U+202A–U+202E), isolates
 * (U+2066–U+2069) and the marks (U+200E, U+200F, U+061C). Invisible, and able to reorder what
 * a name shows.
 */
const directionControls = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
/** C0 and C1 controls, DEL, and the line and paragraph separators that break a line as `\n` does. */
const controls = /[\p{Cc}\u2028\u2029]/gu;
const separators = /[/\\]/g;

const encoder = new TextEncoder();

/** Bytes of a text in UTF-8. */
export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

/** What is wrong with a name a member gives (after NFC), or undefined when it is a name. */
export function fileNameProblem(name: string): FileNameProblem | undefined {
  const normalized = name.normalize('NFC');
  if (normalized === '') {
    return 'empty';
  }
  if (normalized === '.' || normalized === '..') {
    return 'dot';
  }
  if (normalized !== normalized.trim()) {
    return 'blank_edges';
  }
  // `search` ignores the patterns' global flag and position.
  if (normalized.search(separators) !== -1) {
    return 'separator';
  }
  if (normalized.search(controls) !== -1) {
    return 'control';
  }
  if (normalized.search(directionControls) !== -1) {
    return 'direction_control';
  }
  if (utf8Length(normalized) > maxFileNameBytes) {
    return 'too_long';
  }
  return undefined;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The longest start of `text` within `maxBytes` of UTF-8, cut between characters as a reader sees them. */
function startWithin(text: string, maxBytes: number): string {
  let kept = '';
  let bytes = 0;
  for (const { segment } of graphemes.segment(text)) {
    const size = utf8Length(segment);
    if (bytes + size > maxBytes) {
      break;
    }
    kept += segment;
    bytes += size;
  }
  if (kept !== '' || text === '') {
    return kept;
  }
  // One "character" past the limit (a letter under hundreds of combining marks): cut by code point.
  for (const codePoint of text) {
    const size = utf8Length(codePoint);
    if (bytes + size > maxBytes) {
      break;
    }
    kept += codePoint;
    bytes += size;
  }
  return kept;
}

/** Longest extension kept whole when a name is cut (`.tar.gz` keeps `.gz`). */
const maxExtensionBytes = 32;

/**
 * A name cut to `maxFileNameBytes`, at a character boundary, keeping its extension (`.pdf`)
 * when it has a short one; names within the limit are returned as they are.
 */
export function truncateFileName(name: string, maxBytes: number = maxFileNameBytes): string {
  if (utf8Length(name) <= maxBytes) {
    return name;
  }
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot) : '';
  if (extension !== '' && utf8Length(extension) <= maxExtensionBytes && !/\s/u.test(extension)) {
    const stem = startWithin(name.slice(0, dot), maxBytes - utf8Length(extension)).trimEnd();
    if (stem !== '') {
      return `${stem}${extension}`;
    }
  }
  return startWithin(name, maxBytes).trimEnd();
}

/**
 * A name from elsewhere (a download, a torrent, a title) made into one the drive takes, or `''`
 * when nothing is left of it: NFC, bidirectional controls dropped, `/`, `\` and controls turned
 * into `_`, blanks around it trimmed, cut to 255 bytes keeping the extension. Whatever it
 * returns, `fileNameProblem` finds nothing wrong with (or it is `''`).
 */
export function safeFileName(name: string): string {
  const cleaned = truncateFileName(
    name
      .normalize('NFC')
      .replace(directionControls, '')
      .replace(separators, '_')
      .replace(controls, '_')
      .trim(),
  ).trim();
  return cleaned === '.' || cleaned === '..' ? '' : cleaned;
}

/** Characters Windows refuses in a name. */
const windowsForbidden = /[<>:"|?*]/g;
/** Device names Windows reserves, whatever the extension (`CON`, `nul.txt`, `COM1.tar.gz`). */
const windowsDevice = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/iu;

/**
 * A name every common file system holds, for an entry of a zip: `safeFileName`, then what
 * Windows refuses made safe: `< > : " | ? *` turned into `_` (so `C:` is `C_`), dots and spaces
 * at the end dropped, and a reserved device name (`CON`, `aux.c`, `LPT1.txt`) given a `_`
 * (`CON_`, `aux_.c`). Never empty.
 */
export function portableFileName(name: string): string {
  let portable = safeFileName(name)
    .replace(windowsForbidden, '_')
    .replace(/[.\s]+$/u, '');
  const dot = portable.indexOf('.');
  const stem = (dot === -1 ? portable : portable.slice(0, dot)).trimEnd();
  if (windowsDevice.test(stem)) {
    portable = truncateFileName(`${stem}_${portable.slice(stem.length)}`).replace(/[.\s]+$/u, '');
  }
  return portable === '' ? '_' : portable;
}
