import { describe, expect, it } from 'vitest';
import { baseNameEnd } from './item-names';

describe('baseNameEnd', () => {
  it('stops before the extension of a file', () => {
    expect(baseNameEnd('report.pdf', false)).toBe('report'.length);
  });

  it('keeps only the last extension out of the selection', () => {
    expect(baseNameEnd('backup.tar.gz', false)).toBe('backup.tar'.length);
  });

  it('selects a whole name that has no extension or only a leading dot', () => {
    expect(baseNameEnd('README', false)).toBe(6);
    expect(baseNameEnd('.bashrc', false)).toBe(7);
  });

  it('selects the whole name of a folder, dots included', () => {
    expect(baseNameEnd('photos.2024', true)).toBe('photos.2024'.length);
  });
});
