import type {
  FeedbackAnswer,
  FeedbackCategory,
  SubscriptionAnswer,
  UnsubscribeAnswer,
} from '@nimbus/contracts';
import { browserClient } from '@/lib/api/browser-client';

/** What the feedback form sends. */
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
 * through would send it twice.
 */
export function sendFeedback(input: FeedbackInput): Promise<FeedbackAnswer> {
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
  return browserClient().post<FeedbackAnswer>('/drive/v1/feedback', form, { retries: 0 });
}

/** `GET /mail/v1/subscription?d=`: what an unsubscribe link names; changes nothing. */
export function readSubscription(d: string): Promise<SubscriptionAnswer> {
  return browserClient().get<SubscriptionAnswer>('/mail/v1/subscription', { query: { d } });
}

/** `GET /mail/v1/unsubscribe?d=`: called only on the member's click, never on page load. */
export function unsubscribe(d: string): Promise<UnsubscribeAnswer> {
  return browserClient().get<UnsubscribeAnswer>('/mail/v1/unsubscribe', {
    query: { d },
    retries: 1,
  });
}

/** `POST /mail/v1/subscribe {d}`: the address takes that mail again. */
export function subscribeAgain(d: string): Promise<SubscriptionAnswer> {
  return browserClient().post<SubscriptionAnswer>('/mail/v1/subscribe', { d }, { retries: 1 });
}
