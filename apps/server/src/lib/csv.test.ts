import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes cells with quotes, commas and line breaks', () => {
    expect(toCsv(['a', 'b'], [['x,y', 'say "hi"\nthen']])).toBe(
      'a,b\r\n"x,y","say ""hi""\nthen"\r\n',
    );
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(toCsv(['a'], [['=1+1'], ['-2'], ['@SUM(A1)'], ['plain']])).toBe(
      "a\r\n'=1+1\r\n'-2\r\n'@SUM(A1)\r\nplain\r\n",
    );
  });
});
