import { describe, expect, it } from 'vitest';
import {
  ApiError,
  createClientError,
  createLocalError,
  hasErrorField,
  isApiError,
  isCaptchaError,
  isRetryableError,
  localizedMessageOf,
  parseErrorBody,
  toApiError,
} from './api-error';

describe('hasErrorField', () => {
  it('is true only for objects whose error field holds a value', () => {
    expect(hasErrorField({ error: 'x' })).toBe(true);
    expect(hasErrorField({ error: 0 })).toBe(true);
    expect(hasErrorField({ error: '' })).toBe(false);
    expect(hasErrorField({ error: null })).toBe(false);
    expect(hasErrorField({ data: 1 })).toBe(false);
    expect(hasErrorField([{ error: 'x' }])).toBe(false);
    expect(hasErrorField('error')).toBe(false);
  });
});

describe('parseErrorBody', () => {
  it('keeps a complete error object as it is', () => {
    const body = {
      error: 'file_space_not_enough',
      error_code: 8,
      error_description: 'Storage space is not enough',
      error_uri: '',
      details: [
        { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'file_space_not_enough' },
      ],
    };
    expect(parseErrorBody(body)).toEqual(body);
  });

  it('fills a missing code from the catalogue and other fields with empties', () => {
    expect(parseErrorBody({ error: 'slow_down' })).toEqual({
      error: 'slow_down',
      error_code: 4051,
      error_description: '',
      error_uri: '',
      details: [],
    });
    expect(parseErrorBody({ error: 'task_daily_create_limit' })?.error_code).toBe(8);
    expect(parseErrorBody({ error: 'something_new' })?.error_code).toBe(2);
    expect(parseErrorBody({ error: 'x', error_code: '4002' })?.error_code).toBe(4002);
  });

  it('drops details that are not objects', () => {
    expect(
      parseErrorBody({ error: 'x', details: [1, 'a', { '@type': 't' }, null] })?.details,
    ).toEqual([{ '@type': 't' }]);
  });

  it('is undefined for answers that are no failure', () => {
    expect(parseErrorBody({ ok: true })).toBeUndefined();
  });
});

describe('ApiError', () => {
  it('uses the description as message, else the error', () => {
    const described = new ApiError({
      error: 'a',
      error_code: 2,
      error_description: 'desc',
      error_uri: '',
      details: [],
    });
    expect(described.message).toBe('desc');
    expect(described.name).toBe('ApiError');
    const bare = createClientError('internal', '');
    expect(bare.message).toBe('internal');
    expect(bare.error_code).toBe(13);
    expect(isApiError(bare)).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
  });

  it('serialises to the error object', () => {
    const error = createLocalError('lock timeout', { status: 0 });
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      error: 'local',
      error_code: 8001,
      error_description: 'lock timeout',
      error_uri: '',
      details: [],
    });
    expect(error.message).toBe('lock timeout');
  });
});

describe('toApiError', () => {
  it('passes ApiErrors through and parses error objects', () => {
    const error = createClientError('unreachable', 'down');
    expect(toApiError(error)).toBe(error);
    expect(toApiError({ error: 'not_found', error_code: 5 }).error).toBe('not_found');
  });

  it('wraps anything else as unknown', () => {
    const wrapped = toApiError(new TypeError('bad'));
    expect(wrapped.error).toBe('unknown');
    expect(wrapped.message).toBe('bad');
    expect(wrapped.cause).toBeInstanceOf(TypeError);
    expect(toApiError('text').message).toBe('text');
    expect(toApiError(42).error).toBe('unknown');
  });
});

describe('error classes', () => {
  it('retries only unreachable and internal', () => {
    expect(isRetryableError(createClientError('unreachable', ''))).toBe(true);
    expect(isRetryableError(createClientError('internal', ''))).toBe(true);
    expect(isRetryableError(createClientError('unavailable', ''))).toBe(false);
    expect(isRetryableError(createClientError('not_found', ''))).toBe(false);
  });

  it('renews captcha only on captcha_required and captcha_invalid', () => {
    expect(isCaptchaError(createClientError('captcha_required', ''))).toBe(true);
    expect(isCaptchaError(createClientError('captcha_invalid', ''))).toBe(true);
    expect(isCaptchaError(createClientError('invalid_argument', ''))).toBe(false);
  });
});

describe('localizedMessageOf', () => {
  const details = [
    { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'x' },
    {
      '@type': 'type.googleapis.com/google.rpc.LocalizedMessage',
      locale: 'en-US',
      message: 'English',
    },
    { '@type': 'type.googleapis.com/google.rpc.LocalizedMessage', locale: 'ko', message: '한국어' },
    { '@type': 'type.googleapis.com/google.rpc.LocalizedMessage', locale: 'ja', message: '' },
  ];

  it('prefers the requested locale, else the first message', () => {
    expect(localizedMessageOf(details, 'ko')).toBe('한국어');
    expect(localizedMessageOf(details, 'ja')).toBe('English');
    expect(localizedMessageOf(details)).toBe('English');
    expect(localizedMessageOf([])).toBeUndefined();
  });
});
