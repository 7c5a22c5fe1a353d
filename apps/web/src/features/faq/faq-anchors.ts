import type { HelpFeature } from '@nimbus/contracts';
import type { Messages } from '../../i18n/messages';

/**
 * The questions of the FAQ, in order, each with the feature its answer describes
 * (packages/contracts/src/help-center.ts): a question is shown only while this server offers it.
 * Each is linkable at `/faq#<id>`.
 */
export const faqQuestionFeatures = {
  'what-is-nimbus': 'drive',
  'save-shared-link': 'shares',
  'is-it-free': 'premium',
  'storage-full': 'drive',
  'share-passcode': 'shares',
  'offline-download': 'offline',
  devices: 'webdav',
  webdav: 'webdav',
  'forgot-password': 'accounts',
  'change-email': 'account-self-service',
  'delete-account': 'account-self-service',
  'premium-ends': 'premium',
  'cancel-subscription': 'payments',
} as const satisfies Record<keyof Messages['faq']['questions'], HelpFeature>;

export type FaqQuestionId = keyof typeof faqQuestionFeatures;

/** Every question id, in order. */
export const faqQuestionIds = Object.keys(faqQuestionFeatures) as FaqQuestionId[];

/** The questions a server with these features shows, in order. */
export function visibleFaqQuestions(features: ReadonlySet<HelpFeature>): FaqQuestionId[] {
  return faqQuestionIds.filter((id) => features.has(faqQuestionFeatures[id]));
}

/** The anchors of the how-to page (docs/product.md#screens-and-routes: `help#copy-link`, ...). */
export const helpAnchors = [
  'copy-link',
  'system-share',
  'telegram-bot',
] as const satisfies readonly (keyof Messages['help']['sections'])[];

/**
 * Anchors of the former FAQ that are still linked from outside, by where they now live: a
 * question of this page, or a section of the how-to page.
 */
export const legacyFaqAnchors: Readonly<Record<string, { page: 'faq' | 'help'; id: string }>> = {
  'copy-link': { page: 'help', id: 'copy-link' },
  'system-share': { page: 'help', id: 'system-share' },
  'telegram-bot': { page: 'help', id: 'telegram-bot' },
  'how-to-save': { page: 'faq', id: 'save-shared-link' },
  'save-link': { page: 'faq', id: 'save-shared-link' },
  premium: { page: 'faq', id: 'is-it-free' },
  vip: { page: 'faq', id: 'is-it-free' },
  storage: { page: 'faq', id: 'storage-full' },
  passcode: { page: 'faq', id: 'share-passcode' },
  'offline-task': { page: 'faq', id: 'offline-download' },
  download: { page: 'faq', id: 'offline-download' },
  apps: { page: 'faq', id: 'devices' },
  'delete-account': { page: 'faq', id: 'delete-account' },
};

/** What to do with the hash of a FAQ address. */
export type FaqHashAction =
  { kind: 'scroll'; id: string } | { kind: 'help'; id: string } | { kind: 'none' };

/**
 * The redirect-faq-hash route middleware: a current question id scrolls to it, an old anchor
 * scrolls to the question that replaced it or opens the how-to section it moved to.
 */
export function resolveFaqHash(hash: string): FaqHashAction {
  let id: string;
  try {
    id = decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return { kind: 'none' };
  }
  if (id === '') {
    return { kind: 'none' };
  }
  if ((faqQuestionIds as readonly string[]).includes(id)) {
    return { kind: 'scroll', id };
  }
  const moved = legacyFaqAnchors[id] ?? legacyFaqAnchors[id.toLowerCase()];
  if (!moved) {
    return { kind: 'none' };
  }
  return moved.page === 'help' ? { kind: 'help', id: moved.id } : { kind: 'scroll', id: moved.id };
}
