import { botPattern } from '@/lib/bot';
import {
  allowAnalysisStorageKey,
  browserPrivacySignals,
  browserRefusesTracking,
  parseStoredChoice,
} from './analysis-consent';

/**
 * The attribute the document gets, before its first paint, where the statistics question is not
 * asked; the stylesheet hides the server-rendered question under it (globals.css).
 */
export const analysisSettledAttribute = 'data-analysis-settled';

/**
 * Marks the document where the question is not asked. Runs inline in the page, before the first
 * paint (`analysisGateScript`), so the question the server renders into every page never shows,
 * and never moves the page, where `AnalysisPrompt` will not ask it: the same rules, those of
 * analysis-consent.ts passed in as functions, since an inline script imports nothing.
 */
function markSettled(
  storageKey: string,
  bot: RegExp,
  attribute: string,
  parse: typeof parseStoredChoice,
  signalsOf: typeof browserPrivacySignals,
  refuses: typeof browserRefusesTracking,
): void {
  try {
    if (
      parse(window.localStorage.getItem(storageKey)) !== undefined ||
      refuses(signalsOf()) ||
      window.top !== window.self ||
      bot.test(navigator.userAgent)
    ) {
      document.documentElement.setAttribute(attribute, '');
    }
  } catch {
    // Storage or the parent frame out of reach: the question shows, and hydration decides.
  }
}

/** The inline script of `markSettled` with its arguments. */
export function analysisGateScript(): string {
  const args = [
    JSON.stringify(allowAnalysisStorageKey),
    String(botPattern),
    JSON.stringify(analysisSettledAttribute),
    String(parseStoredChoice),
    String(browserPrivacySignals),
    String(browserRefusesTracking),
  ];
  return `(${String(markSettled)})(${args.join(',')})`;
}
