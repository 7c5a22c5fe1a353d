import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { allowAnalysisStorageKey } from './analysis-consent';
import { analysisGateScript, analysisSettledAttribute } from './analysis-prompt-gate';

interface Visit {
  stored?: string;
  doNotTrack?: string;
  globalPrivacyControl?: boolean;
  framed?: boolean;
  userAgent?: string;
  storageBlocked?: boolean;
}

/** Runs the inline script as a page would, in a window of its own: answers whether it marked the document. */
function marks(visit: Visit): boolean {
  const attributes = new Map<string, string>();
  const window: Record<string, unknown> = {
    localStorage: {
      getItem(key: string) {
        if (visit.storageBlocked) {
          throw new Error('SecurityError');
        }
        return key === allowAnalysisStorageKey ? (visit.stored ?? null) : null;
      },
    },
  };
  window.self = window;
  window.top = visit.framed ? {} : window;
  const context = vm.createContext({
    window,
    navigator: {
      doNotTrack: visit.doNotTrack ?? null,
      globalPrivacyControl: visit.globalPrivacyControl,
      userAgent:
        visit.userAgent ?? 'Mozilla/5.0 (Linux; Android 11) Chrome/120 Mobile Safari/537.36',
    },
    document: {
      documentElement: {
        setAttribute: (name: string, value: string) => attributes.set(name, value),
      },
    },
  });
  vm.runInContext(analysisGateScript(), context);
  return attributes.has(analysisSettledAttribute);
}

describe('the statistics question’s inline gate', () => {
  it('leaves the question showing for a visitor still to be asked', () => {
    expect(marks({})).toBe(false);
    expect(marks({ stored: 'maybe' })).toBe(false);
    // Storage out of reach: the question shows, and hydration decides.
    expect(marks({ storageBlocked: true })).toBe(false);
  });

  it('hides it before the first paint wherever the prompt does not ask', () => {
    expect(marks({ stored: '0' })).toBe(true);
    expect(marks({ stored: '1' })).toBe(true);
    expect(marks({ doNotTrack: '1' })).toBe(true);
    expect(marks({ globalPrivacyControl: true })).toBe(true);
    expect(marks({ framed: true })).toBe(true);
    expect(marks({ userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).toBe(true);
  });
});
