import { siteSettingSchemas, type SiteSettingName } from '@nimbus/contracts';

/*
 * The console's form of a site setting: what kind of field edits it, the text a JSON field
 * starts from, and the check of a draft against the setting's schema (the one the server runs)
 * before anything is sent.
 */

/** How a setting is edited: a switch, one line of text, the banner's texts, or JSON. */
export type SettingField = 'switch' | 'text' | 'announcement' | 'json';

const fields: Readonly<Record<SiteSettingName, SettingField>> = {
  'external_products.products': 'json',
  'external_products.plans': 'json',
  'activity_operation.activities': 'json',
  'activity_operation.compensations': 'json',
  'resources.app_downloads': 'json',
  'resources.app_link_scheme': 'text',
  'basic.support_email': 'text',
  'basic.business_email': 'text',
  'basic.support_url': 'text',
  'basic.operator_name': 'text',
  'basic.operator_address': 'text',
  'basic.operator_email': 'text',
  'basic.jurisdiction': 'text',
  'basic.announcement': 'announcement',
  'basic.site_redirects': 'json',
  'debug_options.allow_vconsole': 'switch',
};

/** A setting's key under `console.settings.name` and `.hint`: its name with `_` for the dot. */
export type SettingMessageKey = SiteSettingName extends infer N
  ? N extends `${infer Scope}.${infer Key}`
    ? `${Scope}_${Key}`
    : never
  : never;

export function messageKeyOf(name: SiteSettingName): SettingMessageKey {
  return name.replace('.', '_') as SettingMessageKey;
}

export function fieldOf(name: SiteSettingName): SettingField {
  return fields[name];
}

/** The settings whose value is a list: their JSON field shows `[]` for none. */
const listSettings: readonly SiteSettingName[] = [
  'external_products.products',
  'basic.site_redirects',
];

/** The text a JSON field shows for a value (`{}` or `[]` for none). */
export function jsonText(name: SiteSettingName, value: unknown): string {
  const empty = listSettings.includes(name) ? [] : {};
  return JSON.stringify(value ?? empty, null, 2);
}

/** What is wrong with a draft: not JSON, or the first issue the schema finds (where, in dots). */
export type DraftProblem = { kind: 'json' } | { kind: 'schema'; path: string };

/** The value a draft stands for, or what is wrong with it. */
export function checkDraft(
  name: SiteSettingName,
  draft: unknown,
): { value: unknown } | { problem: DraftProblem } {
  let value = draft;
  if (fieldOf(name) === 'json') {
    try {
      value = JSON.parse(String(draft)) as unknown;
    } catch {
      return { problem: { kind: 'json' } };
    }
  }
  const parsed = siteSettingSchemas[name].safeParse(value);
  if (parsed.success) {
    return { value };
  }
  const issue = parsed.error.issues[0];
  return { problem: { kind: 'schema', path: issue?.path.map(String).join('.') ?? '' } };
}
