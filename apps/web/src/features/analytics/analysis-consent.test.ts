import { createMemoryStorage } from '@nimbus/client';
import { describe, expect, it } from 'vitest';
import {
  allowAnalysisStorageKey,
  analysisChoiceOf,
  shouldAskForAnalysis,
  storeAnalysisChoice,
  type PrivacySignals,
} from './analysis-consent';

const quiet: PrivacySignals = { doNotTrack: null, globalPrivacyControl: undefined };

describe('analysis consent', () => {
  it('is off until the visitor says yes, and follows the visitor’s stored choice', () => {
    const storage = createMemoryStorage();
    expect(analysisChoiceOf(storage, quiet)).toEqual({
      allowed: false,
      blockedByBrowser: false,
      stored: undefined,
    });
    expect(shouldAskForAnalysis(analysisChoiceOf(storage, quiet))).toBe(true);
    storeAnalysisChoice(storage, false);
    expect(storage.getItem(allowAnalysisStorageKey)).toBe('0');
    expect(analysisChoiceOf(storage, quiet)).toEqual({
      allowed: false,
      blockedByBrowser: false,
      stored: false,
    });
    expect(shouldAskForAnalysis(analysisChoiceOf(storage, quiet))).toBe(false);
    storeAnalysisChoice(storage, true);
    expect(analysisChoiceOf(storage, quiet)).toEqual({
      allowed: true,
      blockedByBrowser: false,
      stored: true,
    });
    expect(shouldAskForAnalysis(analysisChoiceOf(storage, quiet))).toBe(false);
  });

  it('does not ask a browser that sends Do Not Track or Global Privacy Control', () => {
    const storage = createMemoryStorage();
    expect(
      shouldAskForAnalysis(
        analysisChoiceOf(storage, { doNotTrack: '1', globalPrivacyControl: undefined }),
      ),
    ).toBe(false);
    expect(
      shouldAskForAnalysis(
        analysisChoiceOf(storage, { doNotTrack: null, globalPrivacyControl: true }),
      ),
    ).toBe(false);
  });

  it('is off whenever Do Not Track or Global Privacy Control is on, even after the visitor allowed it', () => {
    const storage = createMemoryStorage({ [allowAnalysisStorageKey]: '1' });
    for (const signals of [
      { doNotTrack: '1', globalPrivacyControl: undefined },
      { doNotTrack: 'yes', globalPrivacyControl: false },
      { doNotTrack: '0', globalPrivacyControl: true },
    ]) {
      expect(analysisChoiceOf(storage, signals)).toEqual({
        allowed: false,
        blockedByBrowser: true,
        stored: true,
      });
    }
    expect(
      analysisChoiceOf(storage, { doNotTrack: '0', globalPrivacyControl: false }).allowed,
    ).toBe(true);
  });

  it('reads anything else stored under the key as no choice', () => {
    expect(
      analysisChoiceOf(createMemoryStorage({ [allowAnalysisStorageKey]: 'false' }), quiet).stored,
    ).toBeUndefined();
  });
});
