import { describe, expect, it } from 'vitest';
import { maxReasonLength, shareIdOfLink, takedownLimits, takedownReason } from './takedown-request';

const site = 'https://drive.example.com';

describe('shareIdOfLink', () => {
  it('reads the share of a link of this site, with or without locale, query or fragment', () => {
    expect(shareIdOfLink('https://drive.example.com/s/abc_12-Z', site)).toBe('abc_12-Z');
    expect(shareIdOfLink(' https://drive.example.com/zh-TW/s/abc/?pwd=1#x ', site)).toBe('abc');
    expect(shareIdOfLink('/s/abc', site)).toBe('abc');
    expect(shareIdOfLink('abc123', site)).toBe('abc123');
  });

  it('refuses other sites, other pages and odd ids', () => {
    expect(shareIdOfLink('https://evil.example.net/s/abc', site)).toBeUndefined();
    expect(shareIdOfLink('https://drive.example.com/drive/abc', site)).toBeUndefined();
    expect(shareIdOfLink('https://drive.example.com/s/a%20b', site)).toBeUndefined();
    expect(shareIdOfLink('https://drive.example.com/s/abc/more', site)).toBeUndefined();
    expect(shareIdOfLink('not a link', site)).toBeUndefined();
  });
});

describe('takedownReason', () => {
  it('starts with the copyright reason and names the claimant and the work on one line', () => {
    expect(
      takedownReason({ name: ' Ada  Lovelace ', email: 'ada@example.com', work: 'Notes\non it' }),
    ).toBe(
      'copyright: takedown request by Ada Lovelace (ada@example.com); work: Notes on it; good-faith statement made',
    );
  });

  it('always fits the report call', () => {
    const long = (length: number) => 'x'.repeat(length * 2);
    const reason = takedownReason({
      name: long(takedownLimits.name),
      email: long(takedownLimits.email),
      work: long(takedownLimits.work),
    });
    expect(reason.length).toBeLessThanOrEqual(maxReasonLength);
    expect(reason.startsWith('copyright: ')).toBe(true);
  });
});
