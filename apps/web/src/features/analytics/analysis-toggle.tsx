'use client';

import { useEffect, useId, useState } from 'react';
import { defaultStorage } from '@nimbus/client';
import {
  analysisChoiceEvent,
  analysisChoiceOf,
  browserPrivacySignals,
  storeAnalysisChoice,
  type AnalysisChoice,
} from './analysis-consent';

export interface AnalysisToggleTexts {
  label: string;
  hint: string;
  blocked: string;
}

/**
 * The visitor's switch for usage statistics (local storage "allow analysis"). On unless turned
 * off; shown off and disabled, with the reason, when the browser sends Do Not Track or Global
 * Privacy Control.
 */
export function AnalysisToggle({ texts }: { texts: AnalysisToggleTexts }) {
  const id = useId();
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
  return (
    <div className="flex items-start gap-3 text-sm" data-testid="analysis-toggle">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 accent-primary disabled:opacity-50"
        checked={choice?.allowed ?? false}
        disabled={choice === undefined || choice.blockedByBrowser}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          storeAnalysisChoice(defaultStorage(), event.target.checked);
          window.dispatchEvent(new Event(analysisChoiceEvent));
        }}
      />
      <div className="grid gap-1">
        <label htmlFor={id} className="font-medium">
          {texts.label}
        </label>
        <p id={`${id}-hint`} className="text-muted-foreground">
          {choice?.blockedByBrowser ? texts.blocked : texts.hint}
        </p>
      </div>
    </div>
  );
}
