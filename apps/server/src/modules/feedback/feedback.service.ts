import { Readable } from 'node:stream';
import { feedbackLimits, type FeedbackAttachmentType, type Locale } from '@nimbus/contracts';
import type { FeedbackAttachmentTable, FeedbackTable } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { hashToken, newId } from '../../lib/secrets';
import type { BlobService } from '../storage/blob.service';
import type { Mailer } from '../user/mail/mailer';
import { cleanAttachmentName, detectFeedbackAttachmentType } from './feedback-attachment';
import { composeFeedbackMail } from './feedback-mail';
import type { FeedbackRecord, FeedbackRepository } from './feedback.repository';
import type { FeedbackFields } from '@nimbus/contracts';

/** How much feedback one member, and one client address, may send per window. */
export interface FeedbackLimits {
  maxPerMember: number;
  maxPerAddress: number;
  windowMs: number;
}

export interface FeedbackServiceDeps {
  feedback: FeedbackRepository;
  blobs: Pick<BlobService, 'ingest' | 'release'>;
  /** The sender of the operator's copy, and where it goes (`''`: no copy). */
  mailer: Pick<Mailer, 'send'>;
  operatorEmail: string;
  /** The account address of a member (for the copy and the default reply address). */
  emailOf: (userId: string) => Promise<string | undefined>;
  limits: FeedbackLimits;
  now: () => Date;
  logger: { error: (details: object, message: string) => void };
}

/** An attachment as received: the name the client gave and the bytes. */
export interface ReceivedAttachment {
  name: string;
  bytes: Buffer;
}

/** Who sends feedback, from where, with which client. */
export interface FeedbackSender {
  userId: string;
  address: string;
  clientId: string;
  /** The request's `User-Agent`, used when the fields carry none. */
  userAgent: string;
  /** The request's language, used when the fields name none. */
  locale: Locale;
}

/** What was stored. */
export interface StoredFeedback {
  id: string;
  createdAt: string;
  attachments: { name: string; type: FeedbackAttachmentType; size: number }[];
}

/** A member's feedback with everything checked, before anything is stored. */
interface CheckedAttachment {
  name: string;
  type: FeedbackAttachmentType;
  bytes: Buffer;
}

/**
 * Members' feedback (`POST /drive/v1/feedback`): checks the limits per member and per address,
 * the attachments' types (from their bytes) and sizes, keeps the attachments as blobs (one
 * reference per attachment, never served by any path) and the feedback in the database, and
 * mails the operator a plain-text copy when `FEEDBACK_EMAIL` is set. Operators read it with
 * `npm run feedback`.
 */
export function createFeedbackService(deps: FeedbackServiceDeps) {
  const { limits, now } = deps;

  function retryAfter(oldest: string | undefined, at: Date): number {
    const until = (oldest === undefined ? at.getTime() : Date.parse(oldest)) + limits.windowMs;
    return Math.max(1, Math.ceil((until - at.getTime()) / 1000));
  }

  function checkAttachments(received: readonly ReceivedAttachment[]): CheckedAttachment[] {
    if (received.length > feedbackLimits.maxAttachments) {
      throw new AppError('feedback_attachment_invalid', {
        description: `At most ${feedbackLimits.maxAttachments} attachments`,
      });
    }
    return received.map((attachment, position) => {
      if (attachment.bytes.length > feedbackLimits.attachmentMaxBytes) {
        throw new AppError('feedback_attachment_invalid', {
          description: `Attachment ${position + 1} is larger than ${feedbackLimits.attachmentMaxBytes} bytes`,
        });
      }
      const type = detectFeedbackAttachmentType(attachment.bytes);
      if (type === undefined) {
        throw new AppError('feedback_attachment_invalid', {
          description: `Attachment ${position + 1} is not a PNG, JPEG, GIF or WebP image, a PDF or UTF-8 text`,
        });
      }
      return {
        name: cleanAttachmentName(attachment.name, type, position),
        type,
        bytes: attachment.bytes,
      };
    });
  }

  async function mailCopy(
    feedback: FeedbackTable,
    attachments: FeedbackAttachmentTable[],
    accountEmail: string,
  ) {
    if (deps.operatorEmail === '') {
      return;
    }
    try {
      await deps.mailer.send(
        composeFeedbackMail(deps.operatorEmail, feedback, attachments, accountEmail),
      );
    } catch (error) {
      // The feedback is stored; the operator still finds it with `npm run feedback -- list`.
      deps.logger.error(
        { err: error, feedback: feedback.id },
        'the copy of a feedback could not be mailed',
      );
    }
  }

  const service = {
    /** Refuses a member or an address past its limit (`too_many_requests` with `Retry-After`). */
    async checkLimits(sender: Pick<FeedbackSender, 'userId' | 'address'>): Promise<void> {
      const at = now();
      const since = new Date(at.getTime() - limits.windowMs).toISOString();
      const [byMember, byAddress] = await Promise.all([
        deps.feedback.countByUser(sender.userId, since),
        deps.feedback.countByAddress(hashToken(sender.address), since),
      ]);
      if (byMember.count >= limits.maxPerMember) {
        throw new AppError('too_many_requests', {
          retryAfterSeconds: retryAfter(byMember.oldest, at),
        });
      }
      if (byAddress.count >= limits.maxPerAddress) {
        throw new AppError('too_many_requests', {
          retryAfterSeconds: retryAfter(byAddress.oldest, at),
        });
      }
    },

    /** Checks and stores a piece of feedback, then mails the operator's copy. */
    async submit(
      sender: FeedbackSender,
      fields: FeedbackFields,
      received: readonly ReceivedAttachment[],
    ): Promise<StoredFeedback> {
      const checked = checkAttachments(received);
      await service.checkLimits(sender);
      const accountEmail = (await deps.emailOf(sender.userId)) ?? '';
      const id = newId();
      const createdAt = now().toISOString();
      const feedback: FeedbackTable = {
        id,
        user_id: sender.userId,
        category: fields.category,
        message: fields.message,
        contact_email: fields.contact_email,
        app_version: fields.app_version,
        locale: fields.locale ?? sender.locale,
        user_agent: (fields.user_agent || sender.userAgent).slice(0, 512),
        client_id: sender.clientId.slice(0, 64),
        address_hash: hashToken(sender.address),
        created_at: createdAt,
      };
      const rows: FeedbackAttachmentTable[] = [];
      try {
        for (const [position, attachment] of checked.entries()) {
          const digest = await deps.blobs.ingest(Readable.from([attachment.bytes]), {
            expectedSize: attachment.bytes.length,
          });
          rows.push({
            feedback_id: id,
            position,
            name: attachment.name,
            type: attachment.type,
            size: attachment.bytes.length,
            sha256: digest.sha256,
          });
        }
        await deps.feedback.insert(feedback, rows);
      } catch (error) {
        // No row holds them: give back the references taken so the collector frees the bytes.
        await Promise.allSettled(rows.map((row) => deps.blobs.release(row.sha256)));
        throw error;
      }
      await mailCopy(feedback, rows, accountEmail);
      return {
        id,
        createdAt,
        attachments: checked.map((attachment) => ({
          name: attachment.name,
          type: attachment.type,
          size: attachment.bytes.length,
        })),
      };
    },

    /** The newest feedback first, for operators (`npm run feedback -- list`). */
    list(options: {
      limit: number;
      before?: { createdAt: string; id: string };
      category?: string;
    }): Promise<FeedbackRecord[]> {
      return deps.feedback.list(options);
    },

    /** One piece of feedback, for operators. */
    find(id: string): Promise<FeedbackRecord | undefined> {
      return deps.feedback.find(id);
    },
  };
  return service;
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
