'use client';

import { ChartColumn } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import { isBotUserAgent } from '@/lib/bot';
import { shouldAskForAnalysis } from './analysis-consent';
import { useAnalysisChoice } from './use-analysis-choice';

export interface AnalysisPromptTexts {
  title: string;
  question: string;
  yes: string;
  no: string;
}

/**
 * Asks once whether usage statistics may be sent (they are off until the visitor says yes):
 * a small card in the bottom corner that takes no focus and blocks nothing, gone for good after
 * either answer (the footer switch changes it later). Not shown when the browser sends Do Not
 * Track or Global Privacy Control, inside another site's frame (embedded mode), or to crawlers.
 * On a phone it leaves the right-hand column free for the drive's floating upload button.
 */
export function AnalysisPrompt({ texts }: { texts: AnalysisPromptTexts }) {
  const { choice, choose } = useAnalysisChoice();
  if (
    choice === undefined ||
    !shouldAskForAnalysis(choice) ||
    window.top !== window.self ||
    isBotUserAgent(navigator.userAgent)
  ) {
    return null;
  }
  return (
    <section
      aria-labelledby="analysis-prompt-title"
      data-testid="analysis-prompt"
      className="pointer-events-auto flex max-w-[calc(100%-4.5rem)] flex-col gap-2 rounded-xl border border-border bg-background p-3 text-sm shadow-[var(--shadow-popover)] sm:max-w-sm"
    >
      <p id="analysis-prompt-title" className="flex items-center gap-2 font-medium">
        <ChartColumn aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        {texts.title}
      </p>
      <p className="text-muted-foreground">{texts.question}</p>
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className={buttonVariants({ variant: 'ghost', size: 'sm' })}
          onClick={() => choose(false)}
        >
          {texts.no}
        </button>
        <button
          type="button"
          className={buttonVariants({ variant: 'primary', size: 'sm' })}
          onClick={() => choose(true)}
        >
          {texts.yes}
        </button>
      </div>
    </section>
  );
}
