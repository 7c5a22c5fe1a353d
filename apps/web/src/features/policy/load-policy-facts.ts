import { type Locale } from '@nimbus/contracts';
import { loadBasicSiteValues } from '@/lib/api/server-client';
import { policyFactsOf, type PolicyFacts } from './policy-facts';

/**
 * The operator's details and the configured periods, from the config host's `basic` values on
 * every visit, so a change in the console applies at once. When the config host cannot answer,
 * the operator is "not set" and the periods are the server's defaults.
 */
export async function loadPolicyFacts(locale: Locale): Promise<PolicyFacts> {
  return policyFactsOf(await loadBasicSiteValues(locale));
}
