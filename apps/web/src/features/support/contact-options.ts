/*
 * The contact options of /contact-us, from the operator's values of the config host's `basic`
 * group (`POST /config/v1/basic`): `support_email`, `business_email` and `support_url`, stored
 * as settings of scope `basic` (docs/site.md#contact-page). Values that are not what they claim to
 * be are left out, so a typo never turns into a broken or unsafe link.
 */

/** The contact options the operator published; each absent when not set or not valid. */
export interface ContactOptions {
  supportEmail?: string;
  businessEmail?: string;
  supportUrl?: string;
}

const emailPattern = /^[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+$/;

function emailOf(value: unknown): string | undefined {
  if (typeof value !== 'string') {
    return undefined;
  }
  const email = value.trim();
  return email.length <= 254 && emailPattern.test(email) ? email : undefined;
}

function httpsUrlOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2048) {
    return undefined;
  }
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' && url.username === '' && url.password === ''
      ? url.toString()
      : undefined;
  } catch {
    return undefined;
  }
}

/** The contact options in the `basic` values (`values.basic` of the config host). */
export function contactOptionsOf(values: unknown): ContactOptions {
  if (values === null || typeof values !== 'object') {
    return {};
  }
  const basic = values as Record<string, unknown>;
  const options: ContactOptions = {};
  const supportEmail = emailOf(basic.support_email);
  const businessEmail = emailOf(basic.business_email);
  const supportUrl = httpsUrlOf(basic.support_url);
  if (supportEmail !== undefined) {
    options.supportEmail = supportEmail;
  }
  if (businessEmail !== undefined && businessEmail !== supportEmail) {
    options.businessEmail = businessEmail;
  }
  if (supportUrl !== undefined) {
    options.supportUrl = supportUrl;
  }
  return options;
}
