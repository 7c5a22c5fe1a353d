'use client';

import { useCallback, useEffect, useState } from 'react';
import { defaultStorage } from '@nimbus/client';
import {
  analysisChoiceEvent,
  analysisChoiceOf,
  browserPrivacySignals,
  storeAnalysisChoice,
  type AnalysisChoice,
} from './analysis-consent';

/**
 * The visitor's analysis choice, read after hydration (undefined before) and again whenever it
 * changes on this page (the prompt, the footer switch, the account page) or in another tab;
 * `choose` stores a new one and tells the others.
 */
export function useAnalysisChoice(): {
  choice: AnalysisChoice | undefined;
  choose: (allowed: boolean) => void;
} {
  const [choice, setChoice] = useState<AnalysisChoice>();
  useEffect(() => {
    const read = () => setChoice(analysisChoiceOf(defaultStorage(), browserPrivacySignals()));
    read();
    window.addEventListener(analysisChoiceEvent, read);
    window.addEventListener('storage', read);
    return () => {
      window.removeEventListener(analysisChoiceEvent, read);
      window.removeEventListener('storage', read);
    };
  }, []);
  const choose = useCallback((allowed: boolean) => {
    storeAnalysisChoice(defaultStorage(), allowed);
    window.dispatchEvent(new Event(analysisChoiceEvent));
  }, []);
  return { choice, choose };
}
