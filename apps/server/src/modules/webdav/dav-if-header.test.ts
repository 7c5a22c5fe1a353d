import { describe, expect, it } from 'vitest';
import { ifHolds, parseIfHeader, submittedTokens } from './dav-if-header';

describe('the If header', () => {
  it('reads untagged and tagged lists with tokens, entity tags and Not', () => {
    const lists = parseIfHeader(
      '(<opaquelocktoken:a> ["e1"]) (Not <DAV:no-lock> ["e1"]) <http://h/dav/x> (<opaquelocktoken:b>)',
    );
    expect(lists).toEqual([
      {
        resource: undefined,
        conditions: [
          { not: false, token: 'opaquelocktoken:a' },
          { not: false, etag: '"e1"' },
        ],
      },
      {
        resource: undefined,
        conditions: [
          { not: true, token: 'DAV:no-lock' },
          { not: false, etag: '"e1"' },
        ],
      },
      { resource: 'http://h/dav/x', conditions: [{ not: false, token: 'opaquelocktoken:b' }] },
    ]);
    expect([...submittedTokens(lists)]).toEqual([
      'opaquelocktoken:a',
      'DAV:no-lock',
      'opaquelocktoken:b',
    ]);
  });

  it('refuses what is not a list', () => {
    for (const header of ['', '<http://h/x>', '()', '(<a>', 'garbage', '(x)']) {
      expect(() => parseIfHeader(header), header).toThrow(/malformed/);
    }
  });

  it('holds when one list holds', async () => {
    const state = async () => ({ etag: '"e1"', tokens: new Set(['opaquelocktoken:a']) });
    expect(await ifHolds(parseIfHeader('(<opaquelocktoken:a> ["e1"])'), state)).toBe(true);
    expect(await ifHolds(parseIfHeader('(<DAV:no-lock> ["e1"])'), state)).toBe(false);
    expect(await ifHolds(parseIfHeader('(<DAV:no-lock>) (Not <DAV:no-lock>)'), state)).toBe(true);
    expect(await ifHolds(parseIfHeader('(["e2"])'), state)).toBe(false);
  });
});
