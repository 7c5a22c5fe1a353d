import { z } from 'zod';
import { siteSettingNames, siteSettingSchemas, type SiteSettingName } from '../site-settings';
import { consoleReasonSchema } from './admin';
import { defineEndpoint } from './endpoint';

const nameSchema = z.enum(siteSettingNames as [SiteSettingName, ...SiteSettingName[]]);

/** A site setting as the console shows it: the value in force, and whether an admin stored it. */
export const siteSettingSchema = z.object({
  name: nameSchema,
  /** The value in force: the stored one, else what configuration gives. */
  value: z.unknown(),
  /** Whether the value is a stored setting (false: configuration's). */
  stored: z.boolean(),
  /** When it was last stored, `''` when it is not. */
  updated_at: z.string(),
});
export type SiteSetting = z.infer<typeof siteSettingSchema>;

export const siteSettingsSchema = z.object({ data: z.array(siteSettingSchema) });

/**
 * `POST /audit.admin/v1/settings::update`: a setting's new value, which must pass the setting's
 * schema (`siteSettingSchemas`); the value stored is what the schema gives (trimmed, defaults
 * filled in: `parseSiteSetting`).
 */
export const updateSettingBodySchema = z
  .object({
    name: nameSchema,
    value: z.unknown().describe("The new value, in the shape of the setting's schema"),
    reason: consoleReasonSchema,
  })
  .superRefine((body, context) => {
    const parsed = siteSettingSchemas[body.name].safeParse(body.value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        context.addIssue({
          code: 'custom',
          path: ['value', ...issue.path.map(String)],
          message: issue.message,
        });
      }
    }
  });

/** One change of a setting: who, when, why, the stored value before and after (JSON, `null`: none). */
export const settingChangeSchema = z.object({
  id: z.string(),
  name: nameSchema,
  before: z.string().nullable(),
  after: z.string().nullable(),
  actor_id: z.string(),
  actor_email: z.string(),
  reason: z.string(),
  created_at: z.string(),
  /** The change this one reverted, `''` for an edit. */
  reverts: z.string(),
});
export type SettingChange = z.infer<typeof settingChangeSchema>;

export const settingHistoryQuerySchema = z.object({
  name: nameSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  page_token: z.string().max(1024).optional(),
});

export const settingHistorySchema = z.object({
  data: z.array(settingChangeSchema),
  next_page_token: z.string(),
});

/** `POST /audit.admin/v1/settings::revert`: puts back the value a change replaced. */
export const revertSettingBodySchema = z.object({
  change_id: z.string().min(1).max(64),
  reason: consoleReasonSchema,
});

const tags = ['console'] as const;

/**
 * The site settings of the operator console (docs/api.md#operator-console): read, change with a
 * reason, see the history of changes, revert one. Admins only.
 */
export const adminSettingsApi = {
  listSettings: defineEndpoint({
    method: 'GET',
    path: '/audit.admin/v1/settings',
    summary: 'The site settings the console edits, with the values in force',
    tags,
    auth: 'member',
    roles: [],
    answer: siteSettingsSchema,
  }),
  updateSetting: defineEndpoint({
    method: 'POST',
    path: '/audit.admin/v1/settings::update',
    summary: 'Store a site setting; every node uses it from its next call',
    tags,
    auth: 'member',
    roles: [],
    body: updateSettingBodySchema,
    answer: siteSettingSchema,
  }),
  settingHistory: defineEndpoint({
    method: 'GET',
    path: '/audit.admin/v1/settings/history',
    summary: 'The changes of the site settings, newest first',
    tags,
    auth: 'member',
    roles: [],
    query: settingHistoryQuerySchema,
    answer: settingHistorySchema,
  }),
  revertSetting: defineEndpoint({
    method: 'POST',
    path: '/audit.admin/v1/settings::revert',
    summary: 'Put back the value a change replaced (configuration’s when there was none)',
    tags,
    auth: 'member',
    roles: [],
    body: revertSettingBodySchema,
    answer: siteSettingSchema,
  }),
} as const;
