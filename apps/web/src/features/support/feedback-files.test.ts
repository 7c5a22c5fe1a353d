import { describe, expect, it } from 'vitest';
import { addFiles, isAcceptedFile } from './feedback-files';

const mib = 1024 * 1024;

describe('feedback files', () => {
  it('takes images, PDF and text by type, or by name when the browser names no type', () => {
    expect(isAcceptedFile({ name: 'shot.png', size: 10, type: 'image/png' })).toBe(true);
    expect(isAcceptedFile({ name: 'app.log', size: 10, type: '' })).toBe(true);
    expect(isAcceptedFile({ name: 'icon.svg', size: 10, type: 'image/svg+xml' })).toBe(false);
    expect(isAcceptedFile({ name: 'page.html', size: 10, type: 'text/html' })).toBe(false);
    expect(isAcceptedFile({ name: 'setup.exe', size: 10, type: '' })).toBe(false);
  });

  it('leaves out large, foreign and surplus files with their problem, and no file twice', () => {
    const shot = { name: 'shot.png', size: mib, type: 'image/png' };
    const first = addFiles(
      [],
      [
        shot,
        { name: 'huge.png', size: 5 * mib + 1, type: 'image/png' },
        { name: 'x.svg', size: 5, type: 'image/svg+xml' },
      ],
    );
    expect(first.files).toEqual([shot]);
    expect(first.problems).toEqual([
      { kind: 'too-large', name: 'huge.png' },
      { kind: 'type', name: 'x.svg' },
    ]);
    const again = addFiles(first.files, [
      shot,
      { name: 'a.txt', size: 3, type: 'text/plain' },
      { name: 'b.pdf', size: 3, type: 'application/pdf' },
      { name: 'c.jpg', size: 3, type: 'image/jpeg' },
    ]);
    expect(again.files.map((file) => file.name)).toEqual(['shot.png', 'a.txt', 'b.pdf']);
    expect(again.problems).toEqual([{ kind: 'too-many' }]);
    expect(addFiles([], [{ name: 'empty.txt', size: 0, type: 'text/plain' }]).problems).toEqual([
      { kind: 'type', name: 'empty.txt' },
    ]);
  });
});
