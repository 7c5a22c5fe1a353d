import type { StorageLike } from '@nimbus/client';

/*
 * Whether the visitor allows analysis (docs/product.md#entities, local storage key "allow analysis").
 * Opt-in: off until the visitor says yes (the prompt asks once, the footer switch changes it),
 * and off whenever the browser asks sites not to track (Do Not Track) or not to sell or share
 * (Global Privacy Control): those always win.
 */

/** Local storage key of the visitor's choice: `'0'` off, `'1'` on; none means not asked yet (off). */
export const allowAnalysisStorageKey = 'nimbus_allow_analysis';

/** The event the window receives when the choice changes on this page. */
export const analysisChoiceEvent = 'nimbus:analysis-choice';

/** What the browser says about tracking. */
export interface PrivacySignals {
  /** `navigator.doNotTrack` (or the older `window.doNotTrack`): `'1'` asks not to track. */
  doNotTrack: string | null | undefined;
  /** `navigator.globalPrivacyControl`: true asks not to sell or share. */
  globalPrivacyControl: boolean | undefined;
}

/** The visitor's choice and what decides it. */
export interface AnalysisChoice {
  allowed: boolean;
  /** Do Not Track or Global Privacy Control is on: nothing is sent whatever the visitor chose. */
  blockedByBrowser: boolean;
  /** The choice stored on the site, undefined when the visitor never chose. */
  stored: boolean | undefined;
}

/** Whether the browser asks not to be tracked. Self-contained, as `parseStoredChoice`. */
export function browserRefusesTracking(signals: PrivacySignals): boolean {
  return (
    signals.globalPrivacyControl === true ||
    signals.doNotTrack === '1' ||
    signals.doNotTrack === 'yes'
  );
}

/**
 * The choice a stored value says: undefined when the visitor never chose. Self-contained: the
 * prompt's gate (analysis-prompt-gate.ts) also runs it inline, before the page's scripts.
 */
export function parseStoredChoice(value: string | null): boolean | undefined {
  if (value === '0') {
    return false;
  }
  return value === '1' ? true : undefined;
}

function storedChoice(storage: Pick<StorageLike, 'getItem'>): boolean | undefined {
  return parseStoredChoice(storage.getItem(allowAnalysisStorageKey));
}

/** The choice in force. */
export function analysisChoiceOf(
  storage: Pick<StorageLike, 'getItem'>,
  signals: PrivacySignals,
): AnalysisChoice {
  const blockedByBrowser = browserRefusesTracking(signals);
  const stored = storedChoice(storage);
  return { allowed: !blockedByBrowser && stored === true, blockedByBrowser, stored };
}

/** Whether the visitor is still to be asked: never chose, and the browser does not refuse. */
export function shouldAskForAnalysis(choice: AnalysisChoice): boolean {
  return choice.stored === undefined && !choice.blockedByBrowser;
}

/** Stores the visitor's choice. */
export function storeAnalysisChoice(storage: Pick<StorageLike, 'setItem'>, allowed: boolean): void {
  storage.setItem(allowAnalysisStorageKey, allowed ? '1' : '0');
}

/** The signals of this browser. Self-contained, as `parseStoredChoice`. */
export function browserPrivacySignals(): PrivacySignals {
  if (typeof navigator === 'undefined') {
    return { doNotTrack: undefined, globalPrivacyControl: undefined };
  }
  const legacy =
    typeof window === 'undefined'
      ? undefined
      : (window as { doNotTrack?: string | null }).doNotTrack;
  return {
    doNotTrack: navigator.doNotTrack ?? legacy,
    globalPrivacyControl: (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl,
  };
}
