import { type Locale } from '@nimbus/contracts';
import { loadBasicSiteValues } from '@/lib/api/server-client';
import { contactOptionsOf, type ContactOptions } from './contact-options';

/**
 * The operator's contact options, from the config host's `basic` values on every visit, so a
 * change applies at once. None when the config host cannot answer: the page then offers the
 * feedback form and the help centre.
 */
export async function loadContactOptions(locale: Locale): Promise<ContactOptions> {
  return contactOptionsOf(await loadBasicSiteValues(locale));
}
