import { type AnswerOf, type EndpointOfRoute, type FeedbackCategory } from '@nimbus/contracts';
import { feedbackRoutes, membershipRoutes } from '@nimbus/contracts/routes';
import { browserClient } from '@/lib/api/browser-client';

/** What the feedback form sends: the fields of `POST /drive/v1/feedback` and the attachments. */
export interface FeedbackInput {
  category: FeedbackCategory;
  message: string;
  contactEmail: string;
  locale: string;
  appVersion: string;
  files: readonly File[];
}

/**
 * `POST /drive/v1/feedback` as a multipart form (the text fields and the files in
 * `attachments`), with the browser's user agent. Never retried: a retry of a message that went
 * through would send it twice. A form, not JSON: so it goes through `request` with the entry's
 * method, path and answer.
 */
export function sendFeedback(
  input: FeedbackInput,
): Promise<AnswerOf<EndpointOfRoute<typeof feedbackRoutes.send>>> {
  const form = new FormData();
  form.append('category', input.category);
  form.append('message', input.message);
  if (input.contactEmail.trim() !== '') {
    form.append('contact_email', input.contactEmail.trim());
  }
  form.append('locale', input.locale);
  form.append('app_version', input.appVersion.slice(0, 64));
  form.append('user_agent', navigator.userAgent.slice(0, 512));
  for (const file of input.files) {
    form.append('attachments', file, file.name);
  }
  const { method, path } = feedbackRoutes.send;
  return browserClient().request({ method, path, body: form, retries: 0 });
}

/** `GET /mail/v1/subscription?d=`: what an unsubscribe link names; changes nothing. */
export const readSubscription = (d: string) =>
  browserClient().call(membershipRoutes.subscription, { query: { d } });

/** `GET /mail/v1/unsubscribe?d=`: called only on the member's click, never on page load. */
export const unsubscribe = (d: string) =>
  browserClient().call(membershipRoutes.unsubscribe, { query: { d } }, { retries: 1 });

/** `POST /mail/v1/subscribe {d}`: the address takes that mail again. */
export const subscribeAgain = (d: string) =>
  browserClient().call(membershipRoutes.subscribe, { body: { d } }, { retries: 1 });
