import { describe, expect, it } from 'vitest';
import { selectAllStep } from './use-list-selection';

describe('select all in a listing fetched page by page', () => {
  it('fetches the next page while pages remain and none is on its way', () => {
    expect(selectAllStep({ hasNextPage: true, fetching: false, failed: false })).toBe('fetch');
  });

  it('waits for the page on its way', () => {
    expect(selectAllStep({ hasNextPage: true, fetching: true, failed: false })).toBe('wait');
    expect(selectAllStep({ hasNextPage: false, fetching: true, failed: false })).toBe('wait');
  });

  it('selects everything once the last page is in', () => {
    expect(selectAllStep({ hasNextPage: false, fetching: false, failed: false })).toBe('select');
  });

  it('gives up when a page failed, rather than select a part of the listing', () => {
    expect(selectAllStep({ hasNextPage: true, fetching: false, failed: true })).toBe('give-up');
    expect(selectAllStep({ hasNextPage: true, fetching: true, failed: true })).toBe('give-up');
  });

  it('walks a listing of three pages to the end, one fetch per page', () => {
    let pages = 1;
    let fetching = false;
    const steps: string[] = [];
    for (let turn = 0; turn < 10; turn += 1) {
      const step = selectAllStep({ hasNextPage: pages < 3, fetching, failed: false });
      steps.push(step);
      if (step === 'select') {
        break;
      }
      if (step === 'fetch') {
        fetching = true;
      } else {
        pages += 1;
        fetching = false;
      }
    }
    expect(steps).toEqual(['fetch', 'wait', 'fetch', 'wait', 'select']);
  });
});
