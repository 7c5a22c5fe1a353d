import { describe, expect, it } from 'vitest';
import type { ScrollLockTarget } from './body-scroll-lock';
import { modalOpenClass, syncScrollLock } from './body-scroll-lock';

function fakeTarget(classes: string[], withHeader = true) {
  const removed: string[] = [];
  const header = {
    style: {
      width: '',
      removeProperty(name: string) {
        removed.push(name);
        if (name === 'width') {
          header.style.width = '';
        }
        return '';
      },
    },
  };
  const target: ScrollLockTarget = {
    body: {
      classList: { contains: (name: string) => classes.includes(name) },
      clientWidth: 1264,
      style: { overflow: '' },
    },
    header: withHeader ? header : null,
  };
  return { target, header, removed };
}

describe('body scroll lock', () => {
  it('hides page scrolling and pins the header to the body width while a modal is open', () => {
    const { target, header } = fakeTarget([modalOpenClass]);
    expect(syncScrollLock(target)).toBe(true);
    expect(target.body.style.overflow).toBe('hidden');
    expect(header.style.width).toBe('1264px');
  });

  it('restores scrolling and removes the header width when the modal closes', () => {
    const { target, header, removed } = fakeTarget([]);
    header.style.width = '1264px';
    expect(syncScrollLock(target)).toBe(false);
    expect(target.body.style.overflow).toBe('auto');
    expect(removed).toEqual(['width']);
    expect(header.style.width).toBe('');
  });

  it('works on pages without the header', () => {
    const { target } = fakeTarget([modalOpenClass], false);
    expect(syncScrollLock(target)).toBe(true);
    expect(target.body.style.overflow).toBe('hidden');
  });
});
