import { describe, expect, it } from 'vitest';
import type { ShareForm } from './share-options';
import {
  createShareBody,
  defaultShareForm,
  expiryLeftOf,
  isValidPassCode,
  linkWithPassCode,
  parseRestoreLimit,
  shareChanges,
  shareEditErrors,
  shareEditOf,
  shareFormErrors,
  shareListFilters,
  statusTone,
} from './share-options';

const form = (patch: Partial<ShareForm> = {}): ShareForm => ({ ...defaultShareForm, ...patch });

describe('share form checks', () => {
  it('takes pass codes of 4 to 16 letters and digits only, as the server does', () => {
    expect(isValidPassCode('ab12')).toBe(true);
    expect(isValidPassCode('A'.repeat(16))).toBe(true);
    expect(isValidPassCode('abc')).toBe(false);
    expect(isValidPassCode('A'.repeat(17))).toBe(false);
    expect(isValidPassCode('ab 12')).toBe(false);
    expect(isValidPassCode('ab-12')).toBe(false);
    expect(isValidPassCode('pässe')).toBe(false);
  });

  it('reads restore limits from 1 to 1,000,000 as whole numbers', () => {
    expect(parseRestoreLimit(' 5 ')).toBe(5);
    expect(parseRestoreLimit('1000000')).toBe(1_000_000);
    expect(parseRestoreLimit('1000001')).toBeUndefined();
    expect(parseRestoreLimit('0')).toBeUndefined();
    expect(parseRestoreLimit('2.5')).toBeUndefined();
    expect(parseRestoreLimit('-3')).toBeUndefined();
    expect(parseRestoreLimit('1e3')).toBeUndefined();
    expect(parseRestoreLimit('')).toBeUndefined();
  });

  it('reports the fields in error and only checks the custom code when it is chosen', () => {
    expect(shareFormErrors(form())).toEqual({});
    expect(shareFormErrors(form({ customPassCode: 'x' }))).toEqual({});
    expect(
      shareFormErrors(
        form({
          passCodeMode: 'custom',
          customPassCode: 'x',
          limitRestores: true,
          restoreLimit: 'many',
          title: 't'.repeat(256),
        }),
      ),
    ).toEqual({ passCode: 'pass-code', restoreLimit: 'restore-limit', title: 'title' });
    // Characters, not UTF-16 units: 255 emoji fit.
    expect(shareFormErrors(form({ title: '📁'.repeat(255) }))).toEqual({});
  });
});

describe('createShareBody', () => {
  it('asks the server for a code by default, seven days and unlimited saves', () => {
    expect(createShareBody(['a', 'b'], form())).toEqual({
      file_ids: ['a', 'b'],
      share_to: 'copy',
      expiration_days: 7,
      pass_code_option: 'REQUIRED',
      restore_limit: -1,
    });
  });

  it('sends a custom code, a limit, never and a trimmed title', () => {
    expect(
      createShareBody(
        ['a'],
        form({
          passCodeMode: 'custom',
          customPassCode: 'Secret42',
          expirationDays: -1,
          limitRestores: true,
          restoreLimit: '3',
          title: '  Holiday  ',
        }),
      ),
    ).toEqual({
      file_ids: ['a'],
      share_to: 'copy',
      expiration_days: -1,
      pass_code_option: 'REQUIRED',
      custom_pass_code: 'Secret42',
      restore_limit: 3,
      title: 'Holiday',
    });
  });

  it('asks for no code when the member chose none, whatever was typed before', () => {
    const body = createShareBody(['a'], form({ passCodeMode: 'none', customPassCode: 'abcd' }));
    expect(body.pass_code_option).toBe('NOT_REQUIRED');
    expect(body).not.toHaveProperty('custom_pass_code');
  });
});

describe('linkWithPassCode', () => {
  it('adds s_code to the link, keeping what the link already carries', () => {
    expect(linkWithPassCode('https://nimbus.example/s/abc', 'k2m9')).toBe(
      'https://nimbus.example/s/abc?s_code=k2m9',
    );
    expect(linkWithPassCode('https://nimbus.example/s/abc?x=1', 'k2m9')).toBe(
      'https://nimbus.example/s/abc?x=1&s_code=k2m9',
    );
  });

  it('leaves a link without a pass code as it is', () => {
    expect(linkWithPassCode('https://nimbus.example/s/abc', '')).toBe(
      'https://nimbus.example/s/abc',
    );
  });
});

describe('share edits', () => {
  const share = { pass_code: 'abcd', restore_limit: '5' };

  it('starts from the share as it stands', () => {
    expect(shareEditOf(share)).toEqual({
      passCode: 'keep',
      newPassCode: '',
      expiry: 'keep',
      limitRestores: true,
      restoreLimit: '5',
    });
    expect(shareEditOf({ restore_limit: '-1' }).limitRestores).toBe(false);
  });

  it('sends nothing when nothing changed', () => {
    expect(shareChanges(share, shareEditOf(share))).toEqual({});
    expect(
      shareChanges(share, { ...shareEditOf(share), passCode: 'change', newPassCode: 'abcd' }),
    ).toEqual({});
  });

  it('sends only the parts that changed', () => {
    expect(
      shareChanges(share, {
        passCode: 'change',
        newPassCode: 'NewCode9',
        expiry: 30,
        limitRestores: false,
        restoreLimit: '5',
      }),
    ).toEqual({ custom_pass_code: 'NewCode9', expiration_days: 30, restore_limit: -1 });
    expect(shareChanges(share, { ...shareEditOf(share), passCode: 'remove' })).toEqual({
      custom_pass_code: '',
    });
    expect(shareChanges(share, { ...shareEditOf(share), expiry: -1 })).toEqual({
      expiration_days: -1,
    });
    expect(
      shareChanges(
        { pass_code: '', restore_limit: '-1' },
        { ...shareEditOf(share), passCode: 'remove', limitRestores: true, restoreLimit: '9' },
      ),
    ).toEqual({
      restore_limit: 9,
    });
  });

  it('checks a new pass code and limit like the create form', () => {
    expect(
      shareEditErrors({ ...shareEditOf(share), passCode: 'change', newPassCode: 'a b' }),
    ).toEqual({
      passCode: 'pass-code',
    });
    expect(shareEditErrors({ ...shareEditOf(share), restoreLimit: '0' })).toEqual({
      restoreLimit: 'restore-limit',
    });
  });
});

describe('expiryLeftOf', () => {
  const now = new Date('2026-01-10T12:00:00.000Z');

  it('reads never, expired, hours under a day and whole days above', () => {
    expect(expiryLeftOf('', now)).toEqual({ kind: 'never' });
    expect(expiryLeftOf('2026-01-10T12:00:00.000Z', now)).toEqual({ kind: 'expired' });
    expect(expiryLeftOf('2026-01-10T12:00:01.000Z', now)).toEqual({ kind: 'hours', hours: 1 });
    expect(expiryLeftOf('2026-01-11T05:30:00.000Z', now)).toEqual({ kind: 'hours', hours: 18 });
    // A one-day link a moment after it was made still reads one day, not 24 hours.
    expect(expiryLeftOf('2026-01-11T11:59:58.000Z', now)).toEqual({ kind: 'days', days: 1 });
    expect(expiryLeftOf('2026-01-11T10:59:59.000Z', now)).toEqual({ kind: 'hours', hours: 23 });
    expect(expiryLeftOf('2026-01-11T12:00:00.000Z', now)).toEqual({ kind: 'days', days: 1 });
    expect(expiryLeftOf('2026-01-17T11:00:00.000Z', now)).toEqual({ kind: 'days', days: 7 });
  });
});

describe('statusTone', () => {
  it('groups the statuses an owner sees', () => {
    expect(statusTone('OK')).toBe('active');
    expect(statusTone('EXPIRED')).toBe('ended');
    expect(statusTone('MAX_RESTORE_COUNT')).toBe('ended');
    expect(statusTone('DELETED')).toBe('ended');
    expect(statusTone('AUDITING')).toBe('held');
    expect(statusTone('PROHIBITED')).toBe('held');
  });
});

describe('shareListFilters', () => {
  it('asks for every link without a filter, else the statuses of the tone', () => {
    expect(shareListFilters('all')).toBeUndefined();
    expect(JSON.parse(shareListFilters('active') ?? '')).toEqual({ share_status: { in: 'OK' } });
    expect(JSON.parse(shareListFilters('ended') ?? '')).toEqual({
      share_status: { in: 'EXPIRED,MAX_RESTORE_COUNT,DELETED' },
    });
    for (const status of (
      JSON.parse(shareListFilters('held') ?? '') as {
        share_status: { in: string };
      }
    ).share_status.in.split(',')) {
      expect(statusTone(status as Parameters<typeof statusTone>[0])).toBe('held');
    }
  });
});
