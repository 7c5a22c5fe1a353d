import { describe, expect, it } from 'vitest';
import { createClientError, parseErrorBody } from './api-error';
import { defaultMessageLookup, pickErrorMessage } from './error-message';
import type { MessageLookup } from './error-message';
import { pickErrorMessageWith } from './error-message-order';

const localized = {
  error: 'file_space_not_enough',
  error_code: 8,
  error_description: 'Storage space is not enough',
  details: [
    {
      '@type': 'type.googleapis.com/google.rpc.LocalizedMessage',
      locale: 'ko',
      message: '저장 공간이 부족합니다',
    },
  ],
};

describe('pickErrorMessage', () => {
  it('prefers a localized message in the details', () => {
    expect(pickErrorMessage(localized, { locale: 'ko' })).toBe('저장 공간이 부족합니다');
    expect(
      pickErrorMessage({ ...localized, error: 'unreachable', error_code: 8000 }, { locale: 'ko' }),
    ).toBe('저장 공간이 부족합니다');
  });

  it('shows the network message for unreachable', () => {
    const error = createClientError('unreachable', 'fetch failed');
    expect(pickErrorMessage(error, { locale: 'en-US' })).toBe(
      'Network error, please check your connection and try again',
    );
    expect(pickErrorMessage(error, { locale: 'en-US', lookup: () => undefined })).toBe(
      'Network error, please check your connection and try again',
    );
  });

  it('shows the too-frequent text for captcha_invalid', () => {
    expect(
      pickErrorMessage({ error: 'captcha_invalid', error_code: 4002 }, { locale: 'en-US' }),
    ).toBe('Your operation is too frequent, please try again later');
  });

  it('takes the message of codes 17 and above from the lookup', () => {
    const lookup: MessageLookup = (reason, locale) => `${reason}@${locale}`;
    expect(
      pickErrorMessage({ error: 'invalid_password', error_code: 4010 }, { locale: 'ja', lookup }),
    ).toBe('invalid_password@ja');
    expect(pickErrorMessage({ error: 'whatever', error_code: 50 }, { locale: 'xx', lookup })).toBe(
      'account_freeze@en-US',
    );
    expect(
      pickErrorMessage(
        { error: 'invalid_account_or_password', error_code: 4022 },
        { locale: 'en-US' },
      ),
    ).toBe('Wrong account number or password, please re-enter');
  });

  it('falls back to a default text with the error and description in brackets', () => {
    const lookup: MessageLookup = (reason) => (reason === 'unknown' ? 'Oops' : undefined);
    expect(pickErrorMessage({ ...localized, details: [] }, { locale: 'en-US', lookup })).toBe(
      'Oops (file_space_not_enough: Storage space is not enough)',
    );
    expect(
      pickErrorMessage({ error: 'not_found', error_code: 5 }, { locale: 'en-US', lookup }),
    ).toBe('Oops (not_found)');
    expect(pickErrorMessage({ error: 'x', error_code: 9999 }, { locale: 'en-US', lookup })).toBe(
      'Oops (x)',
    );
    expect(pickErrorMessage(new Error('plain'), { locale: 'en-US' })).toBe(
      'Something went wrong, please try again (unknown: plain)',
    );
  });

  it('works on parsed bodies and thrown values alike', () => {
    const body = parseErrorBody({ error: 'user_blocked', error_code: 4013 });
    expect(pickErrorMessage(body, { locale: 'en-US' })).toBe(
      'Account is locked. Please try again later',
    );
  });
});

describe('defaultMessageLookup', () => {
  it('reads the shared catalogue and says nothing for unknown reasons', () => {
    expect(defaultMessageLookup('internal', 'en-US')).toBe('Server error');
    expect(defaultMessageLookup('unauthenticated', 'en-US')).toBe('Please sign in first');
  });
});

describe('pickErrorMessageWith', () => {
  it('takes messages only from the lookup it is given', () => {
    const seen: string[] = [];
    const lookup: MessageLookup = (reason, locale) => {
      seen.push(`${reason}@${locale}`);
      return reason === 'invalid_account_or_password' ? '틀렸습니다' : undefined;
    };
    const wrong = { error: 'invalid_account_or_password', error_code: 4022, details: [] };
    expect(pickErrorMessageWith(wrong, { locale: 'ko', lookup })).toBe('틀렸습니다');
    expect(
      pickErrorMessageWith({ error: 'user_blocked', error_code: 4013 }, { locale: 'ko', lookup }),
    ).toBe('Something went wrong, please try again (user_blocked)');
    expect(seen).toEqual(['invalid_account_or_password@ko', 'user_blocked@ko', 'unknown@ko']);
  });
});
