import { describe, expect, it } from 'vitest';
import {
  domainOfReason,
  errorCodeOf,
  errorKinds,
  errorReasons,
  httpStatusOf,
  isErrorReason,
  kindOfReason,
} from './errors';
import { errorMessage, sharedMessages } from './messages';
import { locales } from './locales';

describe('the error catalogue', () => {
  it('keeps the numeric codes of the error catalogue', () => {
    expect(errorKinds).toMatchObject({
      invalid_argument: 3,
      not_found: 5,
      unauthenticated: 16,
      captcha_required: 4001,
      invalid_account_or_password: 4022,
      invalid_grant: 4126,
      authorization_pending: 4050,
      account_freeze: 50,
      cannot_unlock: 38,
      unreachable: 8000,
      local: 8001,
    });
    expect(new Set(Object.values(errorKinds)).size).toBe(Object.keys(errorKinds).length);
  });

  it.each([
    ['invalid_argument', 400],
    ['failed_precondition', 400],
    ['out_of_range', 400],
    ['unauthenticated', 401],
    ['permission_denied', 403],
    ['not_found', 404],
    ['already_exists', 409],
    ['aborted', 409],
    ['too_many_requests', 429],
    ['file_space_not_enough', 403],
    ['task_daily_create_limit', 403],
    ['unimplemented', 501],
    ['unavailable', 503],
    ['internal', 500],
    ['unknown', 500],
    ['data_loss', 500],
    ['captcha_required', 400],
    ['captcha_invalid', 400],
    ['invalid_grant', 400],
    ['unauthorized_client', 401],
    ['authorization_pending', 400],
  ] as const)('answers %s with HTTP %i', (reason, status) => {
    expect(httpStatusOf(reason)).toBe(status);
  });

  it('gives product reasons the code of their kind', () => {
    expect(kindOfReason('file_space_not_enough')).toBe('resource_exhausted');
    expect(errorCodeOf('file_space_not_enough')).toBe(8);
    expect(errorCodeOf('file_not_found')).toBe(5);
    expect(domainOfReason('file_not_found')).toBe('drive');
    expect(domainOfReason('invalid_password')).toBe('user');
  });

  it('recognises reasons and nothing else', () => {
    expect(isErrorReason('file_in_recycle_bin')).toBe(true);
    expect(isErrorReason('toString')).toBe(false);
    expect(isErrorReason('__proto__')).toBe(false);
  });

  it('has a message for every reason in every locale', () => {
    for (const locale of locales) {
      const texts: Record<string, string> = sharedMessages[locale].errors;
      for (const reason of errorReasons) {
        expect(texts[reason], `${locale} ${reason}`).toBeTruthy();
      }
    }
    expect(errorMessage('unauthenticated', 'en-US')).toBe('Please sign in first');
  });
});
