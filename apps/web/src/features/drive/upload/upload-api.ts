import type { ApiClient } from '@nimbus/client';
import { driveRoutes, uploadRoutes } from '@nimbus/contracts/routes';
import type { ProvenRange } from './gcid';
import type { CreateFileRequest, UploadAnswer, UploadApi } from './upload-types';

/**
 * Resolves the transfer URLs of an answer against the drive API's origin, so a relative URL
 * works when the drive API has an origin of its own.
 */
function withAbsoluteUrls(answer: UploadAnswer, base: string): UploadAnswer {
  const absolute = (url: string | undefined) => (url ? new URL(url, base).toString() : url);
  return {
    ...answer,
    resumable: answer.resumable?.params?.url
      ? {
          ...answer.resumable,
          params: { ...answer.resumable.params, url: absolute(answer.resumable.params.url) },
        }
      : answer.resumable,
    form: answer.form?.url ? { ...answer.form, url: absolute(answer.form.url) } : answer.form,
  };
}

/**
 * The upload calls of docs/api.md#files through the site's API client, asked for at the first call (so
 * the queue can be made during server rendering).
 */
export function createUploadApi(clientOf: () => ApiClient): UploadApi {
  const base = () => clientOf().originOf('drive') || window.location.origin;
  return {
    async createFolder(parentId, name) {
      const answer = await clientOf().call(driveRoutes.createFile, {
        body: { kind: 'drive#folder', name, parent_id: parentId },
      });
      return { id: answer.file?.id ?? '' };
    },
    async createFile(request: CreateFileRequest) {
      const answer = await clientOf().call(driveRoutes.createFile, {
        body: {
          kind: 'drive#file',
          name: request.name,
          parent_id: request.parentId,
          size: String(request.size),
          ...(request.hash ? { hash: request.hash } : {}),
          upload_type: request.uploadType,
        },
      });
      return withAbsoluteUrls(answer, base());
    },
    async prove(fileId: string, ranges: ProvenRange[]) {
      const answer = await clientOf().call(uploadRoutes.prove, {
        params: { id: fileId },
        body: { ranges },
      });
      return withAbsoluteUrls(answer, base());
    },
  };
}
