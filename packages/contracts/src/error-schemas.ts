import { z } from 'zod';

/* The error object's zod schemas (docs/api.md#errors); the error kinds and reasons are in errors.ts. */

/** `google.rpc.ErrorInfo`: the machine-readable reason of a failure. */
export const errorInfoDetailSchema = z.object({
  '@type': z.literal('type.googleapis.com/google.rpc.ErrorInfo'),
  reason: z.string(),
  domain: z.string(),
  metadata: z.record(z.string(), z.string()),
});

/** `google.rpc.LocalizedMessage`: a message for people, in the request's language. */
export const localizedMessageDetailSchema = z.object({
  '@type': z.literal('type.googleapis.com/google.rpc.LocalizedMessage'),
  locale: z.string(),
  message: z.string(),
});

export const errorDetailSchema = z.union([errorInfoDetailSchema, localizedMessageDetailSchema]);

/** The one shape of every failure on every API path (docs/api.md#errors). */
export const errorBodySchema = z.object({
  error: z.string(),
  error_code: z.number().int(),
  error_description: z.string(),
  error_uri: z.string(),
  details: z.array(errorDetailSchema),
});

export type ErrorInfoDetail = z.infer<typeof errorInfoDetailSchema>;
export type LocalizedMessageDetail = z.infer<typeof localizedMessageDetailSchema>;
export type ErrorDetail = z.infer<typeof errorDetailSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;
