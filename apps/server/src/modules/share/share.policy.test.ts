import { describe, expect, it } from 'vitest';
import {
  generatePassCode,
  maskedName,
  passCodePattern,
  shareStatusOf,
  type ShareFacts,
} from './share.policy';

const now = new Date('2030-01-01T00:00:00.000Z');
const facts: ShareFacts = {
  auditStatus: 'OK',
  isCancelled: false,
  liveItems: 1,
  expiresAt: null,
  restoreLimit: -1,
  restoreCount: 0,
};
const visitor = { isOwner: false, needsPassCode: true, proof: 'valid' as const };

describe('shareStatusOf', () => {
  it('is OK for a readable share and a proven pass code', () => {
    expect(shareStatusOf(facts, visitor, now)).toBe('OK');
    expect(shareStatusOf(facts, { ...visitor, needsPassCode: false, proof: 'none' }, now)).toBe(
      'OK',
    );
    expect(shareStatusOf(facts, { ...visitor, isOwner: true, proof: 'none' }, now)).toBe('OK');
  });

  it('asks for the pass code, or says it is wrong', () => {
    expect(shareStatusOf(facts, { ...visitor, proof: 'none' }, now)).toBe('PASS_CODE_EMPTY');
    expect(shareStatusOf(facts, { ...visitor, proof: 'wrong' }, now)).toBe('PASS_CODE_ERROR');
  });

  it('puts moderation before deletion, deletion before expiry, expiry before used-up saves', () => {
    const all: ShareFacts = {
      auditStatus: 'PROHIBITED',
      isCancelled: true,
      liveItems: 0,
      expiresAt: '2029-01-01T00:00:00.000Z',
      restoreLimit: 1,
      restoreCount: 1,
    };
    expect(shareStatusOf(all, visitor, now)).toBe('PROHIBITED');
    expect(shareStatusOf({ ...all, auditStatus: 'OK' }, visitor, now)).toBe('DELETED');
    expect(shareStatusOf({ ...all, auditStatus: 'OK', isCancelled: false }, visitor, now)).toBe(
      'DELETED',
    );
    expect(
      shareStatusOf({ ...all, auditStatus: 'OK', isCancelled: false, liveItems: 2 }, visitor, now),
    ).toBe('EXPIRED');
    expect(shareStatusOf({ ...facts, restoreLimit: 1, restoreCount: 1 }, visitor, now)).toBe(
      'MAX_RESTORE_COUNT',
    );
    expect(shareStatusOf({ ...facts, restoreLimit: 2, restoreCount: 1 }, visitor, now)).toBe('OK');
  });

  it('expires exactly at expires_at', () => {
    expect(shareStatusOf({ ...facts, expiresAt: now.toISOString() }, visitor, now)).toBe('EXPIRED');
    expect(shareStatusOf({ ...facts, expiresAt: '2030-01-01T00:00:00.001Z' }, visitor, now)).toBe(
      'OK',
    );
  });
});

describe('maskedName', () => {
  it('keeps the first and last letter', () => {
    expect(maskedName('Alice')).toBe('A***e');
    expect(maskedName('李小明')).toBe('李***明');
    expect(maskedName('Al')).toBe('A*');
    expect(maskedName('')).toBe('');
  });
});

describe('generatePassCode', () => {
  it('makes four unambiguous letters and digits that a custom pass code could be', () => {
    let n = 0;
    const code = generatePassCode((max) => (n++ * 7) % max);
    expect(code).toHaveLength(4);
    expect(code).toMatch(passCodePattern);
    expect(code).not.toMatch(/[01ilo]/);
  });
});
