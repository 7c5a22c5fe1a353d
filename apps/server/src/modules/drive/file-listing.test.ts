import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import {
  decodePageToken,
  encodePageToken,
  foldName,
  parseFilters,
  sortKeysOf,
} from './file-listing';
import type { FileRecord } from './file.repository';
import { checkName } from './file.service';

const record: FileRecord = {
  id: 'abc',
  userId: 'u',
  parentId: '',
  kind: 'file',
  name: 'Report.PDF',
  nameKey: 'report.pdf',
  size: 42,
  sha256: null,
  gcid: '',
  mimeType: '',
  fileExtension: 'pdf',
  fileCategory: 'DOCUMENT',
  phase: 'PHASE_TYPE_COMPLETE',
  starred: false,
  trashed: 0,
  trashedAt: null,
  originalParentId: null,
  originalPath: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  modifiedAt: '2030-01-02T00:00:00.000Z',
  params: {},
  folderType: 'NORMAL',
};

function reasonOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.reason : 'not an AppError';
  }
  return undefined;
}

describe('file names', () => {
  it('folds letter case in any script for uniqueness', () => {
    expect(foldName('Straße')).toBe(foldName('STRASSE'));
    expect(foldName('ДОКУМЕНТЫ')).toBe('документы');
    expect(foldName('Cafe\u0301')).toBe(foldName('Café'));
  });

  it.each([
    ['', 'file_name_invalid', 'empty'],
    ['.', 'file_name_invalid', 'dot'],
    ['..', 'file_name_invalid', 'dot'],
    ['a/b', 'file_name_invalid', 'separator'],
    ['a\\b', 'file_name_invalid', 'separator'],
    [' a', 'file_name_invalid', 'blank_edges'],
    ['a ', 'file_name_invalid', 'blank_edges'],
    ['a\nb', 'file_name_invalid', 'control'],
    ['photo\u202Egpj.exe', 'file_name_direction_control', 'direction_control'],
    ['x'.repeat(256), 'file_name_too_long', 'too_long'],
    ['😀'.repeat(64), 'file_name_too_long', 'too_long'],
  ])('refuses %j with %s', (name, reason, problem) => {
    expect(reasonOf(() => checkName(name))).toBe(reason);
    try {
      checkName(name);
    } catch (error) {
      expect((error as AppError).metadata).toEqual({ problem });
    }
  });

  it('keeps names with dots, spaces inside and any script, up to 255 bytes, in NFC', () => {
    expect(checkName('...hidden')).toBe('...hidden');
    expect(checkName('a..b')).toBe('a..b');
    expect(checkName('写真 2030')).toBe('写真 2030');
    expect(checkName('😀'.repeat(63))).toBe('😀'.repeat(63));
    expect(checkName('CON')).toBe('CON');
    expect(checkName('Cafe\u0301')).toBe('Café');
  });
});

describe('listing orders', () => {
  it('ends every order with id in the same direction, folders first when asked', () => {
    expect(sortKeysOf('NAME_ASC', false)).toEqual([
      { column: 'name_key', direction: 'asc' },
      { column: 'id', direction: 'asc' },
    ]);
    expect(sortKeysOf('SIZE_DESC', true)).toEqual([
      { column: 'kind', direction: 'desc' },
      { column: 'size', direction: 'desc' },
      { column: 'id', direction: 'desc' },
    ]);
  });
});

describe('page tokens', () => {
  const keys = sortKeysOf('SIZE_ASC', true);

  it('round-trips the position of the last row', () => {
    const token = encodePageToken('SIZE_ASC:1', keys, record);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePageToken(token, 'SIZE_ASC:1', keys)).toEqual(['file', 42, 'abc']);
  });

  it.each([
    ['another order', encodePageToken('NAME_ASC:1', keys, record)],
    ['not base64url', 'a+b/c='],
    ['not JSON', Buffer.from('{').toString('base64url')],
    [
      'a string for the size',
      Buffer.from('{"o":"SIZE_ASC:1","v":["file","42","abc"]}').toString('base64url'),
    ],
    ['too few values', Buffer.from('{"o":"SIZE_ASC:1","v":["file"]}').toString('base64url')],
    ['far too long', 'a'.repeat(5000)],
  ])('refuses a token of %s', (_what, token) => {
    expect(reasonOf(() => decodePageToken(token, 'SIZE_ASC:1', keys))).toBe('invalid_argument');
  });
});

describe('filters', () => {
  it('reads the operators of each field', () => {
    expect(
      parseFilters(
        JSON.stringify({
          name: { prefix: 'Rep', contains: 'PO' },
          kind: { in: 'drive#file, drive#folder' },
          starred: { eq: true },
          trashed: { eq: 'true' },
          modified_time: { gt: '2030-01-01T00:00:00.000Z' },
        }),
      ),
    ).toEqual({
      conditions: [
        { column: 'name_key', op: 'prefix', value: 'rep' },
        { column: 'name_key', op: 'contains', value: 'po' },
        { column: 'kind', op: 'in', value: ['file', 'folder'] },
        { column: 'starred', op: '=', value: 1 },
        { column: 'modified_at', op: '>', value: '2030-01-01T00:00:00.000Z' },
      ],
      trashed: true,
    });
    expect(parseFilters(undefined)).toEqual({ conditions: [], trashed: undefined });
    expect(parseFilters('  ')).toEqual({ conditions: [], trashed: undefined });
  });

  it.each([
    '{"size":{"eq":"1"}}',
    '{"name":{"regex":"."}}',
    '{"kind":{"eq":"drive#other"}}',
    '{"trashed":{"eq":"yes"}}',
    '{"name":["a"]}',
    '{"name":{"eq":null}}',
    '{"constructor":{"eq":"x"}}',
    '"name"',
    'null',
    '{"name":',
    `{"phase":{"in":"${'a,'.repeat(101)}a"}}`,
  ])('refuses %s as invalid_argument', (text) => {
    expect(reasonOf(() => parseFilters(text))).toBe('invalid_argument');
  });
});
