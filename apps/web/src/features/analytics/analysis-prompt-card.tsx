'use client';

import type { ReactNode } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';

export interface AnalysisPromptLabels {
  yes: string;
  no: string;
}

/**
 * The statistics question itself (`AnalysisPrompt` decides whether to ask): a notice in the
 * page's flow right under the fixed header, so it covers nothing and intercepts no click. The
 * page below moves down by its height: its negative bottom margin takes back the header's room
 * that every page's main keeps at its top. The question's words come rendered from the server
 * (`AnalysisQuestion`); only the answers are client code.
 */
export function AnalysisPromptCard({
  question,
  labels,
  onAnswer,
}: {
  question: ReactNode;
  labels: AnalysisPromptLabels;
  onAnswer: (allowed: boolean) => void;
}) {
  return (
    <section
      aria-labelledby="analysis-prompt-title"
      data-testid="analysis-prompt"
      data-analysis-prompt=""
      className="relative z-10 mt-[var(--spacing-header)] -mb-[var(--spacing-header)] border-b border-border bg-muted"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm">
        {question}
        <div className="ml-auto flex shrink-0 gap-2">
          <button
            type="button"
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
            onClick={() => onAnswer(false)}
          >
            {labels.no}
          </button>
          <button
            type="button"
            className={buttonVariants({ variant: 'primary', size: 'sm' })}
            onClick={() => onAnswer(true)}
          >
            {labels.yes}
          </button>
        </div>
      </div>
    </section>
  );
}
