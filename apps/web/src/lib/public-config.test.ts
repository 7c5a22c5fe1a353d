import { describe, expect, it } from 'vitest';
import {
  apiUrl,
  publicConfigElementId,
  readPublicConfig,
  serializePublicConfig,
} from './public-config';

const config = {
  publicUrl: 'https://nimbus.example.com',
  apiOrigins: { drive: ['https://drive.example.com'], user: [], config: [], audit: [], access: [] },
};

describe('public config', () => {
  it('round-trips through the script element, safe against markup', () => {
    const hostile = {
      ...config,
      publicUrl: 'https://x.example/</script><script>alert(1)</script>',
    };
    const text = serializePublicConfig(hostile);
    expect(text).not.toContain('</script>');
    const doc = {
      getElementById: (id: string) => (id === publicConfigElementId ? { textContent: text } : null),
    };
    expect(readPublicConfig(doc)).toEqual(hostile);
  });

  it('is undefined when missing or broken', () => {
    expect(readPublicConfig({ getElementById: () => null })).toBeUndefined();
    expect(readPublicConfig({ getElementById: () => ({ textContent: '{' }) })).toBeUndefined();
  });

  it('builds API URLs on the group origin or the site itself', () => {
    expect(apiUrl(config.apiOrigins, 'drive', '/statistics/pub/event')).toBe(
      'https://drive.example.com/statistics/pub/event',
    );
    expect(apiUrl(config.apiOrigins, 'user', '/v1/user/me')).toBe('/v1/user/me');
    expect(apiUrl(undefined, 'drive', '/drive/v1/about')).toBe('/drive/v1/about');
  });
});
