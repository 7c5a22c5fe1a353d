import { describe, expect, it } from 'vitest';
import { contactOptionsOf } from './contact-options';

describe('contact options', () => {
  it('takes the addresses and the https support site the operator published', () => {
    expect(
      contactOptionsOf({
        site_name: 'Nimbus',
        support_email: ' help@nimbus.example ',
        business_email: 'partners@nimbus.example',
        support_url: 'https://support.nimbus.example/start',
      }),
    ).toEqual({
      supportEmail: 'help@nimbus.example',
      businessEmail: 'partners@nimbus.example',
      supportUrl: 'https://support.nimbus.example/start',
    });
  });

  it('leaves out what is missing, malformed or unsafe', () => {
    expect(contactOptionsOf(undefined)).toEqual({});
    expect(contactOptionsOf({ site_name: 'Nimbus' })).toEqual({});
    expect(
      contactOptionsOf({
        support_email: 'help@nimbus.example?subject=x&bcc=all@example.com',
        business_email: 42,
        support_url: 'javascript:alert(1)',
      }),
    ).toEqual({});
    expect(contactOptionsOf({ support_url: 'http://support.example' })).toEqual({});
    expect(contactOptionsOf({ support_url: 'https://user:secret@support.example' })).toEqual({});
    expect(
      contactOptionsOf({ support_email: 'a@b.example', business_email: 'a@b.example' }),
    ).toEqual({
      supportEmail: 'a@b.example',
    });
  });
});
