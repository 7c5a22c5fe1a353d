import { createMemoryStorage } from '@nimbus/client';
import { describe, expect, it } from 'vitest';
import {
  allowAnalysisStorageKey,
  analysisChoiceOf,
  storeAnalysisChoice,
  type PrivacySignals,
} from './analysis-consent';

const quiet: PrivacySignals = { doNotTrack: null, globalPrivacyControl: undefined };

describe('analysis consent', () => {
  it('is allowed by default and follows the visitor’s stored choice', () => {
    const storage = createMemoryStorage();
    expect(analysisChoiceOf(storage, quiet)).toEqual({
      allowed: true,
      blockedByBrowser: false,
      stored: undefined,
    });
    storeAnalysisChoice(storage, false);
    expect(storage.getItem(allowAnalysisStorageKey)).toBe('0');
    expect(analysisChoiceOf(storage, quiet)).toEqual({
      allowed: false,
      blockedByBrowser: false,
      stored: false,
    });
    storeAnalysisChoice(storage, true);
    expect(analysisChoiceOf(storage, quiet)).toEqual({
      allowed: true,
      blockedByBrowser: false,
      stored: true,
    });
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
