import type { FastifyRequest } from 'fastify';
import { toFileDto } from '../drive/file.dto';
import type { FileRecord } from '../drive/file.repository';
import type { ProofRange, UploadRecord } from './upload.repository';

/** The origin the client reached the drive host at: where its upload URLs point. */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The tus resource of an upload, on the origin the client reached the drive host at. */
export function uploadUrlOf(origin: string, uploadId: string): string {
  return `${origin}/drive/v1/uploads/${uploadId}`;
}

/**
 * The answer of docs/api.md#files "Uploads": the file, and while bytes are still due the tus resource
 * (`resumable`, always offered so any upload can resume) and, for form uploads, the `form` to
 * POST; `proof` carries the ranges of an instant upload still to be proven.
 */
export function toUploadAnswer(input: {
  origin: string;
  uploadType: 'resumable' | 'form';
  file: FileRecord;
  upload: UploadRecord | undefined;
  proof?: ProofRange[] | null;
}) {
  const { upload } = input;
  const url = upload ? uploadUrlOf(input.origin, upload.id) : '';
  return {
    upload_type:
      input.uploadType === 'form'
        ? ('UPLOAD_TYPE_FORM' as const)
        : ('UPLOAD_TYPE_RESUMABLE' as const),
    file: toFileDto(input.file),
    task: null,
    ...(upload
      ? {
          resumable: {
            kind: 'drive#resumable' as const,
            provider: 'PROVIDER_TUS' as const,
            params: { url, expiration: upload.expiresAt },
          },
        }
      : {}),
    ...(upload && input.uploadType === 'form'
      ? {
          form: {
            kind: 'drive#form' as const,
            method: 'POST' as const,
            url: `${url}/form`,
            multi_parts: {},
          },
        }
      : {}),
    ...(upload && input.proof
      ? {
          proof: {
            kind: 'drive#proof' as const,
            ranges: input.proof.map((range) => ({
              offset: String(range.offset),
              length: String(range.length),
            })),
          },
        }
      : {}),
  };
}
