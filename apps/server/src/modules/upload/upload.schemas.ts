import { z } from 'zod';
import { fileSchema } from '../drive/drive.schemas';

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
