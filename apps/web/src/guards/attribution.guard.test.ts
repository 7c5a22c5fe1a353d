import { describe, expect, it } from 'vitest';
import { attributionCookies } from './attribution.guard';

describe('attribution guard', () => {
  it('keeps source, medium and campaign in 12-hour cookies', () => {
    const cookies = attributionCookies(
      new URLSearchParams('source=newsletter&medium=email&campaign=spring&x=1'),
    );
    expect(cookies).toEqual([
      { name: 'source', value: 'newsletter', maxAge: 43_200 },
      { name: 'medium', value: 'email', maxAge: 43_200 },
      { name: 'campaign', value: 'spring', maxAge: 43_200 },
    ]);
  });

  it('skips missing and empty values', () => {
    expect(attributionCookies(new URLSearchParams('source=&medium=%20'))).toEqual([]);
    expect(attributionCookies(new URLSearchParams(''))).toEqual([]);
  });

  it('drops control characters and cuts long values', () => {
    const [cookie] = attributionCookies(new URLSearchParams(`source=a%0Ab%00c${'x'.repeat(300)}`));
    expect(cookie?.value.startsWith('abc')).toBe(true);
    expect(cookie?.value).toHaveLength(200);
  });
});
