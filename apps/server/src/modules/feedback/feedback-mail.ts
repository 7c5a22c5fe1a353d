import type { FeedbackAttachmentTable, FeedbackTable } from '../../db/schema';
import type { MailMessage } from '../user/mail/mailer';

/** Control characters (line breaks included) that have no place in a subject line. */
const controls = /[\p{Cc}\u2028\u2029]+/gu;

/**
 * The operator's copy of a piece of feedback (`FEEDBACK_EMAIL`): plain text only, in English
 * (the operator's language, not the member's), with what the member sent and the names, types
 * and sizes of the attachments; the attachments themselves stay on the server
 * (`npm run feedback -- show <id> --save <folder>`).
 */
export function composeFeedbackMail(
  to: string,
  feedback: FeedbackTable,
  attachments: readonly Pick<FeedbackAttachmentTable, 'name' | 'type' | 'size'>[],
  accountEmail: string,
): MailMessage {
  const summary = feedback.message.replace(controls, ' ').trim();
  const short = [...summary].length > 60 ? `${[...summary].slice(0, 59).join('')}…` : summary;
  const lines = [
    `Feedback ${feedback.id} (${feedback.category}) received ${feedback.created_at}`,
    '',
    `Member: ${feedback.user_id ?? '(deleted)'} <${accountEmail}>`,
    `Reply to: ${feedback.contact_email || accountEmail}`,
    `Locale: ${feedback.locale}`,
    `App version: ${feedback.app_version || '(not given)'}`,
    `Client: ${feedback.client_id || '(not given)'}`,
    `User agent: ${feedback.user_agent || '(not given)'}`,
    '',
    feedback.message,
    '',
    attachments.length === 0
      ? 'No attachments.'
      : [
          `Attachments (${attachments.length}), kept on the server:`,
          ...attachments.map((item) => `- ${item.name} (${item.type}, ${String(item.size)} bytes)`),
        ].join('\n'),
  ];
  return {
    to,
    subject: `[Nimbus feedback] ${feedback.category}: ${short}`,
    text: lines.join('\n'),
    note: `feedback ${feedback.id} (${feedback.category})`,
  };
}
