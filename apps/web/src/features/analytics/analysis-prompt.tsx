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
 * Asks once whether usage statistics may be sent (they are off until the visitor says yes): a
 * notice in the page's flow right under the fixed header, so it covers nothing and intercepts no
 * click; it takes no focus and goes for good after either answer (the footer switch changes it
 * later). The page below moves down by its height: its negative bottom margin takes back the
 * header's room that every page's main keeps at its top. Not shown when the browser sends Do
 * Not Track or Global Privacy Control, inside another site's frame (embedded mode), or to
 * crawlers.
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
      className="relative z-10 mt-[var(--spacing-header)] -mb-[var(--spacing-header)] border-b border-border bg-muted"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm">
        <ChartColumn aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        <p className="min-w-0 flex-1 basis-64">
          <span id="analysis-prompt-title" className="font-medium">
            {texts.title}
          </span>
          {' · '}
          {texts.question}
        </p>
        <div className="ml-auto flex shrink-0 gap-2">
          <button
            type="button"
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
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
      </div>
    </section>
  );
}
