import { describe, expect, it } from 'vitest';
import { buildRequestUrl, serializeQuery } from './request-url';

describe('serializeQuery', () => {
  it('leaves out empty values, repeats arrays and sends objects as JSON', () => {
    expect(
      serializeQuery({
        limit: 100,
        thumbnail_size: 'SIZE_LARGE',
        usage: undefined,
        page_token: null,
        task_ids: ['a', 'b'],
        delete_files: true,
        size: 10n,
        filters: { trashed: { eq: true } },
      }),
    ).toBe(
      'limit=100&thumbnail_size=SIZE_LARGE&task_ids=a&task_ids=b&delete_files=true&size=10&filters=%7B%22trashed%22%3A%7B%22eq%22%3Atrue%7D%7D',
    );
    expect(serializeQuery(undefined)).toBe('');
    expect(serializeQuery({})).toBe('');
  });
});

describe('buildRequestUrl', () => {
  it('keeps URLs relative for the page origin', () => {
    expect(buildRequestUrl('', '/drive/v1/about')).toBe('/drive/v1/about');
    expect(buildRequestUrl('', '/drive/v1/share', { limit: 100 })).toBe(
      '/drive/v1/share?limit=100',
    );
  });

  it('joins origins with or without a trailing slash', () => {
    expect(buildRequestUrl('https://api.example/', '/v1/user/me')).toBe(
      'https://api.example/v1/user/me',
    );
    expect(buildRequestUrl('https://api.example', '/v1/user/me')).toBe(
      'https://api.example/v1/user/me',
    );
  });

  it('merges with a query the path already has', () => {
    expect(buildRequestUrl('', '/mail/v1/unsubscribe?d=x', { a: 1 })).toBe(
      '/mail/v1/unsubscribe?d=x&a=1',
    );
  });
});
