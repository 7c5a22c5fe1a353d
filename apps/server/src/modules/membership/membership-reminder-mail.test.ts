import { locales } from '@nimbus/contracts';
import { describe, expect, it } from 'vitest';
import {
  composeMembershipReminder,
  formatExpiry,
  isGrantedInWindow,
  sitePath,
} from './membership-reminder-mail';

const token = 'eyJlIjoiYW5hQGV4YW1wbGUuY29tIiwicyI6Im1lbWJlcnNoaXBfcmVtaW5kZXIifQ.c2lnbmF0dXJl';

describe('membership reminder mail', () => {
  it('links site pages the way the web app routes locales', () => {
    expect(sitePath('en-US', '/drive/payment')).toBe('/drive/payment');
    expect(sitePath('ja', '/drive/payment')).toBe('/ja/drive/payment');
    expect(sitePath('zh-TW', '/drive/payment')).toBe('/zh-TW/drive/payment');
  });

  it('tells days granted inside the window from days granted before it', () => {
    const end = '2030-01-31T00:00:00.000Z';
    expect(isGrantedInWindow(end, '2030-01-01T00:00:00.000Z', 3)).toBe(false);
    expect(isGrantedInWindow(end, '2030-01-27T23:59:59.999Z', 3)).toBe(false);
    expect(isGrantedInWindow(end, '2030-01-28T00:00:00.000Z', 3)).toBe(true);
    expect(isGrantedInWindow(end, '2030-01-30T12:00:00.000Z', 3)).toBe(true);
    expect(isGrantedInWindow(end, '2030-01-30T12:00:00.000Z', 1)).toBe(true);
    expect(isGrantedInWindow(end, '2030-01-29T12:00:00.000Z', 1)).toBe(false);
  });

  it('writes the end in the language of the member, in UTC', () => {
    expect(formatExpiry('en-US', '2030-03-02T18:30:00.000Z')).toEqual({
      day: 'March 2, 2030',
      date: 'March 2, 2030 at 6:30 PM',
    });
    expect(formatExpiry('ja', '2030-03-02T18:30:00.000Z')).toEqual({
      day: '2030年3月2日',
      date: '2030年3月2日 18:30',
    });
    expect(formatExpiry('es', '2030-03-02T23:59:00.000Z').day).toBe('2 de marzo de 2030');
  });

  it.each(locales)(
    'composes the reminder in %s with the renew link, the footer link and the one-click address',
    (locale) => {
      const message = composeMembershipReminder({
        to: 'ana@example.com',
        locale,
        expiresAt: '2030-03-02T18:30:00.000Z',
        publicUrl: 'https://drive.example.org',
        unsubscribeToken: token,
      });
      const { day, date } = formatExpiry(locale, '2030-03-02T18:30:00.000Z');
      expect(message.to).toBe('ana@example.com');
      expect(message.subject).toContain(day);
      expect(message.text).toContain(date);
      expect(message.text).toContain(
        `https://drive.example.org${sitePath(locale, '/drive/payment')}\n`,
      );
      expect(message.text.endsWith(`\nhttps://drive.example.org/unsubscribe?d=${token}`)).toBe(
        true,
      );
      expect(message.listUnsubscribe).toBe(
        `https://drive.example.org/mail/v1/unsubscribe?d=${token}`,
      );
      expect(`${message.subject}${message.text}`).not.toMatch(/[{}]/);
      if (locale !== 'en-US') {
        const english = composeMembershipReminder({
          to: 'ana@example.com',
          locale: 'en-US',
          expiresAt: '2030-03-02T18:30:00.000Z',
          publicUrl: 'https://drive.example.org',
          unsubscribeToken: token,
        });
        expect(message.subject).not.toBe(english.subject);
      }
    },
  );
});
