import { describe, expect, it } from 'vitest';
import { parseConfig, toPublicConfig } from './config';

describe('web config', () => {
  it('has working defaults', () => {
    const config = parseConfig({});
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.internalApiUrl).toBe('http://127.0.0.1:3000');
    expect(config.apiOrigins).toEqual({ drive: [], user: [], config: [], audit: [], access: [] });
    expect(config.accessCheckOrigins).toEqual(['http://127.0.0.1:3000']);
    expect(config.siteRedirects).toEqual([]);
    expect(config.embedOrigins).toEqual([]);
    expect(config.debugConsole).toBe(false);
  });

  it('reads the debug console switch as the server does', () => {
    expect(parseConfig({ DEBUG_CONSOLE: 'on' }).debugConsole).toBe(true);
    expect(parseConfig({ DEBUG_CONSOLE: 'off' }).debugConsole).toBe(false);
    expect(() => parseConfig({ DEBUG_CONSOLE: 'maybe' })).toThrow(/DEBUG_CONSOLE/);
  });

  it('derives the public and internal URLs from PORT and treats empty values as unset', () => {
    const config = parseConfig({ PORT: '8080', PUBLIC_URL: '', INTERNAL_API_URL: ' ' });
    expect(config.internalApiUrl).toBe('http://127.0.0.1:8080');
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('parses origin lists and checks the access origins first', () => {
    const config = parseConfig({
      PUBLIC_URL: 'https://nimbus.example.com/some/path',
      API_ORIGINS_DRIVE: 'https://drive-a.example.com/, https://drive-b.example.com',
      API_ORIGINS_ACCESS: 'https://access.example.com',
    });
    expect(config.publicUrl).toBe('https://nimbus.example.com');
    expect(config.apiOrigins.drive).toEqual([
      'https://drive-a.example.com',
      'https://drive-b.example.com',
    ]);
    expect(config.accessCheckOrigins).toEqual(['https://access.example.com']);
  });

  it('parses the site redirects', () => {
    const config = parseConfig({
      SITE_REDIRECTS:
        '[{"source":"/old","destination":"/new"},{"source":"/x","destination":"https://example.com/","permanent":true}]',
    });
    expect(config.siteRedirects).toEqual([
      { source: '/old', destination: '/new', permanent: false },
      { source: '/x', destination: 'https://example.com/', permanent: true },
    ]);
  });

  it('fails with a readable message naming every invalid variable', () => {
    expect(() => parseConfig({ SITE_REDIRECTS: 'nope', API_ORIGINS_USER: 'ftp://x' })).toThrow(
      /SITE_REDIRECTS[\s\S]*API_ORIGINS_USER|API_ORIGINS_USER[\s\S]*SITE_REDIRECTS/,
    );
    expect(() =>
      parseConfig({ SITE_REDIRECTS: '[{"source":"old","destination":"//evil.example"}]' }),
    ).toThrow(/Invalid web app configuration/);
  });

  it('exposes only public origins to the browser', () => {
    const config = parseConfig({ INTERNAL_API_URL: 'http://10.0.0.5:3000' });
    expect(JSON.stringify(toPublicConfig(config))).not.toContain('10.0.0.5');
  });
});
