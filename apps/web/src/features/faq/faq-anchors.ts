import type { Messages } from '../../i18n/messages';

/** The questions of the FAQ, in order; each is linkable at `/faq#<id>`. */
export const faqQuestionIds = [
  'what-is-nimbus',
  'save-shared-link',
  'is-it-free',
  'storage-full',
  'share-passcode',
  'offline-download',
  'devices',
  'change-email',
  'delete-account',
] as const satisfies readonly (keyof Messages['faq']['questions'])[];

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
