import { z } from 'zod';

/*
 * Feedback from signed-in members (`POST /drive/v1/feedback`, the page `/drive/feedback`): the
 * categories, the limits both sides check, and the answer.
 */

/** What a piece of feedback is about; the page offers them in this order. */
export const feedbackCategories = [
  'bug',
  'suggestion',
  'transfer',
  'sharing',
  'account',
  'other',
] as const;
export type FeedbackCategory = (typeof feedbackCategories)[number];

/** The limits of one piece of feedback. */
export const feedbackLimits = {
  /** Shortest message, in characters after trimming. */
  messageMinChars: 10,
  /** Longest message, in characters. */
  messageMaxChars: 5000,
  /** Attachments per piece of feedback. */
  maxAttachments: 3,
  /** Largest attachment, in bytes (5 MiB). */
  attachmentMaxBytes: 5 * 1024 * 1024,
  /** Longest attachment name kept, in characters. */
  attachmentNameMaxChars: 120,
} as const;

/**
 * The attachment types accepted, found in the bytes (never taken from the client): screenshots
 * and photos, PDF, and plain text (logs). Nothing that can carry script (no SVG, no HTML).
 */
export const feedbackAttachmentTypes = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
] as const;
export type FeedbackAttachmentType = (typeof feedbackAttachmentTypes)[number];

/** The file-name endings the page's file picker offers (`accept`). */
export const feedbackAttachmentAccept = '.png,.jpg,.jpeg,.gif,.webp,.pdf,.txt,.log';

/** `POST /drive/v1/feedback`: the stored feedback's id and when it was received. */
export const feedbackAnswerSchema = z.object({
  id: z.string(),
  created_time: z.string(),
  attachments: z.array(z.object({ name: z.string(), type: z.string(), size: z.string() })),
});
export type FeedbackAnswer = z.infer<typeof feedbackAnswerSchema>;
