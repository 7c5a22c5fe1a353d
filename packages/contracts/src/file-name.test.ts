import { describe, expect, it } from 'vitest';
import {
  fileNameProblem,
  maxFileNameBytes,
  portableFileName,
  safeFileName,
  truncateFileName,
  utf8Length,
} from './file-name';

describe('names members give', () => {
  it.each([
    ['', 'empty'],
    ['.', 'dot'],
    ['..', 'dot'],
    [' a', 'blank_edges'],
    ['a ', 'blank_edges'],
    ['a\u00a0', 'blank_edges'],
    ['a/b', 'separator'],
    ['a\\b', 'separator'],
    ['a\nb', 'control'],
    ['a\u0000b', 'control'],
    ['a\u0085b', 'control'],
    ['a\u2028b', 'control'],
    ['invoice\u202Efdp.exe', 'direction_control'],
    ['a\u202Ab', 'direction_control'],
    ['a\u202Bb', 'direction_control'],
    ['a\u202Cb', 'direction_control'],
    ['a\u202Db', 'direction_control'],
    ['a\u2066b', 'direction_control'],
    ['a\u2067b', 'direction_control'],
    ['a\u2068b', 'direction_control'],
    ['a\u2069b', 'direction_control'],
    ['a\u200Eb', 'direction_control'],
    ['a\u200Fb', 'direction_control'],
    ['a\u061Cb', 'direction_control'],
    ['x'.repeat(256), 'too_long'],
    ['写'.repeat(86), 'too_long'],
    ['ж'.repeat(128), 'too_long'],
    ['😀'.repeat(64), 'too_long'],
  ])('refuses %j: %s', (name, problem) => {
    expect(fileNameProblem(name)).toBe(problem);
  });

  it.each([
    'x'.repeat(255),
    '写'.repeat(85),
    'ж'.repeat(127),
    '😀'.repeat(63),
    'תמונות של הטיול 2030.jpg',
    'صور الرحلة.png',
    'یادداشت\u200Cها.txt',
    '👩\u200D👩\u200D👧.png',
    '...hidden',
    'a..b',
    'CON',
    'aux.c',
    'C:',
    'what?.txt',
    'name.',
    'Cafe\u0301',
  ])('keeps %j', (name) => {
    expect(fileNameProblem(name)).toBeUndefined();
  });

  it('counts bytes after NFC: a decomposed accent is one character of two bytes', () => {
    expect(fileNameProblem(`${'e\u0301'.repeat(127)}x`)).toBeUndefined();
    expect(fileNameProblem(`${'e\u0301'.repeat(128)}`)).toBe('too_long');
  });
});

describe('names from elsewhere', () => {
  it('drops bidirectional controls and replaces separators and controls', () => {
    expect(safeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(safeFileName('\u2067report\u2069.pdf')).toBe('report.pdf');
    expect(safeFileName('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(safeFileName('a\u0000b\nc\u2029d')).toBe('a_b_c_d');
    expect(safeFileName('  spaced  ')).toBe('spaced');
    expect(safeFileName('\u202E')).toBe('');
    expect(safeFileName('..')).toBe('');
    expect(safeFileName(' . ')).toBe('');
  });

  it('cuts a long name to 255 bytes between characters and keeps its extension', () => {
    const cut = safeFileName(`${'写真'.repeat(200)}.jpeg`);
    expect(utf8Length(cut)).toBeLessThanOrEqual(maxFileNameBytes);
    expect(cut).toBe(`${'写真'.repeat(41)}写.jpeg`);
    const family = '👩\u200D👩\u200D👧';
    const emoji = truncateFileName(`${family.repeat(20)}.png`);
    expect(emoji).toBe(`${family.repeat(13)}.png`);
    expect(truncateFileName('x'.repeat(300))).toBe('x'.repeat(255));
    expect(truncateFileName(`${'x'.repeat(300)}.a long extension`)).toBe('x'.repeat(255));
    expect(truncateFileName(`a${'\u0301'.repeat(300)}`).length).toBeGreaterThan(0);
    expect(truncateFileName('short.txt')).toBe('short.txt');
  });

  it('never makes a name the drive refuses', () => {
    let seed = 13;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = [
      'a',
      ' ',
      '.',
      '/',
      '\\',
      '\u0000',
      '\n',
      '\u202E',
      '\u2066',
      '\u200F',
      '写',
      '😀',
      'e\u0301',
      '\u00a0',
      ':',
      '\u0301',
      'ж',
      '\u200D',
    ];
    for (let run = 0; run < 2000; run += 1) {
      const length = Math.floor(random() * 400);
      const name = Array.from(
        { length },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join('');
      const safe = safeFileName(name);
      if (safe !== '') {
        expect(fileNameProblem(safe), JSON.stringify(name)).toBeUndefined();
      }
      const portable = portableFileName(name);
      expect(fileNameProblem(portable), JSON.stringify(name)).toBeUndefined();
      expect(portable).not.toMatch(/[<>:"|?*]|[. ]$/);
    }
  });
});

describe('names of zip entries', () => {
  it.each([
    ['CON', 'CON_'],
    ['con.txt', 'con_.txt'],
    ['Aux.tar.gz', 'Aux_.tar.gz'],
    ['NUL', 'NUL_'],
    ['com1', 'com1_'],
    ['LPT9.log', 'LPT9_.log'],
    ['COM¹', 'COM¹_'],
    ['CON .txt', 'CON_ .txt'],
    ['C:', 'C_'],
    ['a<b>c:d"e|f?g*h', 'a_b_c_d_e_f_g_h'],
    ['name.', 'name'],
    ['name. . ', 'name'],
    ['...', '_'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['console.log', 'console.log'],
    ['COM10', 'COM10'],
    ['写真.jpg', '写真.jpg'],
    ['', '_'],
  ])('makes %j into %j', (name, portable) => {
    expect(portableFileName(name)).toBe(portable);
  });

  it('stays within 255 bytes when a reserved name takes its mark', () => {
    const name = `con.${'x'.repeat(251)}`;
    expect(utf8Length(name)).toBe(255);
    const portable = portableFileName(name);
    expect(utf8Length(portable)).toBeLessThanOrEqual(maxFileNameBytes);
    expect(portable.startsWith('con_')).toBe(true);
  });
});
