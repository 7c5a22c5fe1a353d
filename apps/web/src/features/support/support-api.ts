import type { FeedbackCategory, Locale } from '@nimbus/contracts';
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
 * through would send it twice.
 */
export function sendFeedback(input: FeedbackInput) {
  const contactEmail = input.contactEmail.trim();
  return browserClient().call(
    feedbackRoutes.send,
    {
      form: {
        fields: {
          category: input.category,
          message: input.message,
          ...(contactEmail === '' ? {} : { contact_email: contactEmail }),
          // The page's language, one of the app's locales (the route checks it).
          locale: input.locale as Locale,
          app_version: input.appVersion.slice(0, 64),
          user_agent: navigator.userAgent.slice(0, 512),
        },
        files: { attachments: input.files },
      },
    },
    { retries: 0 },
  );
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
