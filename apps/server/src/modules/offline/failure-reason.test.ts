import { taskMessage } from '@nimbus/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { DownloadFailure } from './download-failure';
import { failureReasonOf } from './failure-reason';
import { BlockedAddressError } from './fetch-guard';
import { SourceStatusError } from './url-fetcher';

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe('why a download failed', () => {
  it('names what the link’s server answered, with its status', () => {
    expect(failureReasonOf(new SourceStatusError(404))).toBe('source_missing:404');
    expect(failureReasonOf(new SourceStatusError(410))).toBe('source_missing:410');
    expect(failureReasonOf(new SourceStatusError(403))).toBe('source_denied:403');
    expect(failureReasonOf(new SourceStatusError(401))).toBe('source_denied:401');
    expect(failureReasonOf(new SourceStatusError(503))).toBe('source_status:503');
  });

  it('tells an unreachable server from a link the rules refuse', () => {
    for (const code of ['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH']) {
      expect(failureReasonOf(withCode(code)), code).toBe('host_unreachable');
    }
    expect(failureReasonOf(new BlockedAddressError('address'))).toBe('address_not_allowed');
    const resolved = Object.assign(new BlockedAddressError('resolved address'), {
      code: 'EBLOCKED',
    });
    // A name that resolves inside the server's network reads like one that does not resolve.
    expect(failureReasonOf(resolved)).toBe('host_unreachable');
    expect(failureReasonOf(new BlockedAddressError('port'))).toBe('port_not_allowed');
    expect(failureReasonOf(new BlockedAddressError('credentials'))).toBe('unsupported_link');
  });

  it('reads a reason wrapped in another error, and keeps the reasons the download named', () => {
    expect(failureReasonOf(new Error('fetch failed', { cause: withCode('ECONNREFUSED') }))).toBe(
      'host_unreachable',
    );
    expect(failureReasonOf(new DownloadFailure('too_large'))).toBe('too_large');
    expect(failureReasonOf(new AppError('file_space_not_enough'))).toBe('space_not_enough');
    expect(failureReasonOf(new Error('something else'))).toBe('fetch_failed');
    expect(failureReasonOf(undefined)).toBe('fetch_failed');
  });

  it('reads as a sentence with the status in every language', () => {
    expect(taskMessage('source_missing:404', 'en-US')).toBe(
      'There is no file at this link: its server answered 404 (not found)',
    );
    expect(taskMessage('source_denied:403', 'ru')).toContain('403');
    expect(taskMessage('source_status:502', 'zh-TW')).toContain('502');
    expect(taskMessage('no_such_reason:404', 'en-US')).toBe('');
  });
});
