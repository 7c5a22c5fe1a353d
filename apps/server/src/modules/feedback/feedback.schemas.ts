import { feedbackCategories, feedbackLimits, locales } from '@nimbus/contracts';
import { z } from 'zod';

/** An optional text field: absent and blank mean the same. */
function optionalText(max: number) {
  return z
    .string()
    .max(max)
    .optional()
    .transform((value) => value?.trim() ?? '');
}

/**
 * The fields of `POST /drive/v1/feedback`, as JSON or as the text fields of a multipart form
 * (whose file fields, `attachments`, carry the attachments).
 */
export const feedbackFieldsSchema = z
  .object({
    category: z.enum(feedbackCategories),
    message: z
      .string()
      .max(feedbackLimits.messageMaxChars)
      .transform((value) => value.trim())
      .pipe(z.string().min(feedbackLimits.messageMinChars)),
    /** Where the team may answer; the account's address when blank. */
    contact_email: z
      .string()
      .max(254)
      .optional()
      .transform((value) => value?.trim() ?? '')
      .pipe(z.union([z.literal(''), z.email()])),
    /** The app's version (the web app sends its build id). */
    app_version: optionalText(64),
    /** The language the member uses the app in. */
    locale: z.enum(locales).optional(),
    /** The browser or app; the request's `User-Agent` when absent. */
    user_agent: optionalText(512),
  })
  .strict();

export type FeedbackFields = z.infer<typeof feedbackFieldsSchema>;
