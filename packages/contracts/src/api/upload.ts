import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { fileSchema } from './file';

/** A byte count: a decimal string (docs/api.md#conventions) or, leniently, a JSON integer. */
const byteCountSchema = z
  .union([z.string().regex(/^\d{1,16}$/, 'a decimal byte count'), z.number().int()])
  .transform(Number);

/** `POST /drive/v1/files` for a file whose bytes follow. */
export const createFileBodySchema = z.object({
  kind: z.literal('drive#file'),
  name: z.string().max(4096),
  parent_id: z.string().max(64).default(''),
  size: byteCountSchema,
  /** GCID of the content (upper-case hex): checked at the end, and the key of instant upload. */
  hash: z.string().max(64).optional(),
  upload_type: z.enum(['UPLOAD_TYPE_RESUMABLE', 'UPLOAD_TYPE_FORM']),
  mime_type: z.string().max(255).optional(),
});

const resumableSchema = z.object({
  kind: z.literal('drive#resumable'),
  provider: z.literal('PROVIDER_TUS'),
  params: z.object({ url: z.string(), expiration: z.string() }),
});

const formSchema = z.object({
  kind: z.literal('drive#form'),
  method: z.literal('POST'),
  url: z.string(),
  /** Form fields to send along with `file` (none today). */
  multi_parts: z.record(z.string(), z.string()),
});

const proofSchema = z.object({
  kind: z.literal('drive#proof'),
  ranges: z.array(z.object({ offset: z.string(), length: z.string() })),
});

/** The answer of a file upload's start and of `:prove`. */
export const uploadAnswerSchema = z.object({
  upload_type: z.enum(['UPLOAD_TYPE_RESUMABLE', 'UPLOAD_TYPE_FORM']),
  file: fileSchema,
  task: z.null(),
  resumable: resumableSchema.optional(),
  form: formSchema.optional(),
  proof: proofSchema.optional(),
});

export const proveParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const proveBodySchema = z.object({
  ranges: z
    .array(
      z.object({
        offset: byteCountSchema,
        length: byteCountSchema,
        sha1: z.string().regex(/^[0-9a-fA-F]{40}$/),
      }),
    )
    .min(1)
    .max(3),
});

export const uploadParamsSchema = z.object({ id: z.string().min(1).max(64) });
export type UploadAnswer = z.infer<typeof uploadAnswerSchema>;

const tags = ['drive'] as const;
const tusSummary = "tus: the server's version, extensions, largest upload and checksum algorithms";

/**
 * The upload host's paths: the tus 1.0 resource of each upload (created by
 * `POST /drive/v1/files`), the form upload, and `:prove` of instant upload (docs/api.md#files).
 * tus calls carry bytes and headers, not JSON: their entries have no body or answer.
 */
export const uploadApi = {
  tusServer: defineEndpoint({
    method: 'OPTIONS',
    path: '/drive/v1/uploads',
    summary: tusSummary,
    tags,
    auth: 'visitor',
  }),
  tusUploadServer: defineEndpoint({
    method: 'OPTIONS',
    path: '/drive/v1/uploads/:id',
    summary: tusSummary,
    tags,
    auth: 'visitor',
    params: uploadParamsSchema,
  }),
  tusOffset: defineEndpoint({
    method: 'HEAD',
    path: '/drive/v1/uploads/:id',
    summary: 'tus: the stored offset of an upload',
    tags,
    auth: 'member',
    params: uploadParamsSchema,
  }),
  tusAppend: defineEndpoint({
    method: 'PATCH',
    path: '/drive/v1/uploads/:id',
    summary:
      'tus: append bytes at Upload-Offset (application/offset+octet-stream); the file completes at the last byte',
    tags,
    auth: 'member',
    params: uploadParamsSchema,
  }),
  tusTerminate: defineEndpoint({
    method: 'DELETE',
    path: '/drive/v1/uploads/:id',
    summary: 'tus termination: drop an unfinished upload and its PENDING file',
    tags,
    auth: 'member',
    params: uploadParamsSchema,
  }),
  form: defineEndpoint({
    method: 'POST',
    path: '/drive/v1/uploads/:id/form',
    summary: 'Form upload: one multipart/form-data POST with the bytes in field `file`',
    tags,
    auth: 'member',
    params: uploadParamsSchema,
    answer: uploadAnswerSchema,
  }),
  prove: defineEndpoint({
    method: 'POST',
    path: '/drive/v1/files/:id(^[A-Za-z0-9_-]{1,64})::prove',
    summary: 'Instant upload: prove possession of the content with the SHA-1 of the ranges offered',
    tags,
    auth: 'member',
    params: proveParamsSchema,
    body: proveBodySchema,
    answer: uploadAnswerSchema,
  }),
} as const;
