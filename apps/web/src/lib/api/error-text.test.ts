import { ApiError, createClientError } from '@nimbus/client';
import { describe, expect, it } from 'vitest';
import { errorText, hasReason } from './error-text';

const koTexts = { invalid_account_or_password: '계정 또는 비밀번호가 올바르지 않습니다' };

function failure(error: string, code: number, details: Record<string, unknown>[] = []): ApiError {
  return new ApiError({
    error,
    error_code: code,
    error_description: 'described',
    error_uri: '',
    details,
  });
}

describe('errorText', () => {
  it('prefers the localized message of the details', () => {
    const error = failure('invalid_account_or_password', 4022, [
      {
        '@type': 'type.googleapis.com/google.rpc.LocalizedMessage',
        locale: 'ko',
        message: '서버 메시지',
      },
    ]);
    expect(errorText(error, 'ko', koTexts)).toBe('서버 메시지');
  });

  it('falls back to the catalogue of the page locale by code', () => {
    expect(errorText(failure('invalid_account_or_password', 4022), 'ko', koTexts)).toBe(
      koTexts.invalid_account_or_password,
    );
  });

  it('says nothing when the visitor cancelled the captcha', () => {
    expect(errorText(createClientError('cancelled', 'closed'), 'ko', koTexts)).toBeUndefined();
  });

  it('tells reasons apart', () => {
    expect(hasReason(failure('two_factor_required', 4015), 'two_factor_required')).toBe(true);
    expect(hasReason(new Error('x'), 'two_factor_required')).toBe(false);
  });
});
