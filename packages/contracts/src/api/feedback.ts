import { z } from 'zod';
import {
  feedbackAnswerSchema,
  feedbackAttachmentTypes,
  feedbackCategories,
  feedbackLimits,
} from '../feedback';
import { locales } from '../locales';
import { defineEndpoint } from './endpoint';

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

/** `POST /drive/v1/feedback`: a signed-in member's feedback, with optional attachments. */
export const feedbackApi = {
  send: defineEndpoint({
    method: 'POST',
    path: '/drive/v1/feedback',
    summary: 'Send feedback to the team',
    description:
      'A JSON body, or a `multipart/form-data` form with the same text fields and up to ' +
      `${feedbackLimits.maxAttachments} files in the field \`attachments\` (each at most ` +
      `${feedbackLimits.attachmentMaxBytes} bytes; ${feedbackAttachmentTypes.join(', ')}, ` +
      'the type found in the bytes). Fields: `category` (' +
      `${feedbackCategories.join(', ')}), \`message\` (${feedbackLimits.messageMinChars}-` +
      `${feedbackLimits.messageMaxChars} characters), \`contact_email\`, \`app_version\`, ` +
      '`locale`, `user_agent` (optional). Other attachments are `feedback_attachment_invalid`; ' +
      'past `FEEDBACK_MAX_PER_MEMBER` or `FEEDBACK_MAX_PER_ADDRESS` in 24 hours the call ' +
      'answers `too_many_requests` with `Retry-After`. Attachments are never served back.',
    tags: ['feedback'],
    auth: 'member',
    // The route reads the fields itself (`feedbackFieldsSchema`), as JSON or from the form.
    form: feedbackFieldsSchema,
    answer: feedbackAnswerSchema,
  }),
} as const;
