'use client';

import { useId } from 'react';
import { useAnalysisChoice } from './use-analysis-choice';

export interface AnalysisToggleTexts {
  label: string;
  hint: string;
  blocked: string;
}

/**
 * The visitor's switch for usage statistics (local storage "allow analysis"). Off until the
 * visitor turns it on (here or in the prompt); shown off and disabled, with the reason, when the
 * browser sends Do Not Track or Global Privacy Control.
 */
export function AnalysisToggle({ texts }: { texts: AnalysisToggleTexts }) {
  const id = useId();
  const { choice, choose } = useAnalysisChoice();
  return (
    <div className="flex items-start gap-3 text-sm" data-testid="analysis-toggle">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 accent-primary disabled:opacity-50"
        checked={choice?.allowed ?? false}
        disabled={choice === undefined || choice.blockedByBrowser}
        aria-describedby={`${id}-hint`}
        onChange={(event) => choose(event.target.checked)}
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
