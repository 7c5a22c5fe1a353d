import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  feedbackApi,
  feedbackFieldsSchema,
  feedbackLimits,
  type FeedbackFields,
} from '@nimbus/contracts';
import { catalogueRoute } from '../../http/catalogue-route';
import { AppError } from '../../http/app-error';
import { clientIdOf, headerOf } from '../../http/request-headers';
import { requestLocale } from '../../http/request-locale';
import { isUnsafeText } from '../../http/text-guard';
import type { Authenticator } from '../auth/authenticator';
import { actorOf, requireActor } from '../auth/require-actor';
import type { FeedbackService, ReceivedAttachment } from './feedback.service';

export interface FeedbackRoutesDeps {
  authenticator: Authenticator;
  feedback: FeedbackService;
}

/** The form's text fields: the JSON fields, each at most once. */
const fieldNames = new Set(Object.keys(feedbackFieldsSchema.shape));
/** A text field's largest size in bytes: the longest message in 4-byte characters. */
const maxFieldBytes = feedbackLimits.messageMaxChars * 4;
/** Codes of @fastify/multipart's limit errors that speak of the attachments. */
const attachmentLimitCodes = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_FILES_LIMIT']);

function parseFields(value: unknown): FeedbackFields {
  const parsed = feedbackFieldsSchema.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `body.${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new AppError('invalid_argument', { description: issues.join('; ') });
  }
  return parsed.data;
}

/** The text fields and attachments of a multipart form, each attachment read whole (at most 5 MiB). */
async function readForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; attachments: ReceivedAttachment[] }> {
  const fields: Record<string, string> = {};
  const attachments: ReceivedAttachment[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'attachments') {
          part.file.resume();
          throw new AppError('invalid_argument', {
            description: 'Attachments go in the field `attachments`',
          });
        }
        const bytes = await part.toBuffer();
        attachments.push({ name: isUnsafeText(part.filename) ? '' : part.filename, bytes });
        continue;
      }
      const { fieldname } = part;
      if (!fieldNames.has(fieldname) || Object.hasOwn(fields, fieldname)) {
        throw new AppError('invalid_argument', {
          description: `Unexpected form field ${fieldname.slice(0, 40)}`,
        });
      }
      if (typeof part.value !== 'string' || isUnsafeText(part.value) || part.valueTruncated) {
        throw new AppError('invalid_argument', {
          description: `The field ${fieldname} is not valid text`,
        });
      }
      fields[fieldname] = part.value;
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && attachmentLimitCodes.has(code)) {
      throw new AppError('feedback_attachment_invalid', {
        description: `At most ${feedbackLimits.maxAttachments} attachments of ${feedbackLimits.attachmentMaxBytes} bytes each`,
      });
    }
    throw error;
  }
  return { fields, attachments };
}

/** `POST /drive/v1/feedback`: a signed-in member's feedback, with optional attachments. */
export function feedbackRoutes(deps: FeedbackRoutesDeps) {
  return async (app: FastifyInstance) => {
    app.decorateRequest('actor', null);
    await app.register(fastifyMultipart, {
      limits: {
        files: feedbackLimits.maxAttachments,
        fields: fieldNames.size,
        parts: fieldNames.size + feedbackLimits.maxAttachments,
        fieldSize: maxFieldBytes,
        fileSize: feedbackLimits.attachmentMaxBytes,
        headerPairs: 100,
      },
    });
    catalogueRoute(
      app,
      feedbackApi.send,
      // Checked before the body is read: nobody streams attachments at us without credentials.
      { onRequest: requireActor(deps.authenticator) },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        const actor = actorOf(request);
        const sender = {
          userId: actor.userId,
          address: request.ip,
          clientId: clientIdOf(request),
          userAgent: headerOf(request, 'user-agent') ?? '',
          locale: requestLocale(request),
        };
        await deps.feedback.checkLimits(sender);
        let fields: FeedbackFields;
        let attachments: ReceivedAttachment[] = [];
        if (request.isMultipart()) {
          const form = await readForm(request);
          fields = parseFields(form.fields);
          attachments = form.attachments;
        } else {
          fields = parseFields(request.body ?? {});
        }
        const stored = await deps.feedback.submit(sender, fields, attachments);
        return {
          id: stored.id,
          created_time: stored.createdAt,
          attachments: stored.attachments.map((item) => ({
            name: item.name,
            type: item.type,
            size: String(item.size),
          })),
        };
      },
    );
  };
}
