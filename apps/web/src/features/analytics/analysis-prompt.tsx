'use client';

import type { ReactNode } from 'react';
import { isBotUserAgent } from '@/lib/bot';
import { shouldAskForAnalysis } from './analysis-consent';
import { AnalysisPromptCard, type AnalysisPromptLabels } from './analysis-prompt-card';
import { useAnalysisChoice } from './use-analysis-choice';

/**
 * Asks once whether usage statistics may be sent (they are off until the visitor says yes), with
 * `AnalysisPromptCard`: it takes no focus and goes for good after either answer (the footer
 * switch changes it later). Not asked when the browser sends Do Not Track or Global Privacy
 * Control, inside another site's frame (embedded mode), or of crawlers. Rendered by the server
 * into every page, so it is there from the first paint and moves nothing when it shows; where it
 * is not asked, the page's inline gate (analysis-prompt-gate.ts) hides it before that paint, and
 * it goes once hydration has read the choice.
 */
export function AnalysisPrompt({
  question,
  labels,
}: {
  /** The question's words (`AnalysisQuestion`). */
  question: ReactNode;
  labels: AnalysisPromptLabels;
}) {
  const { choice, choose } = useAnalysisChoice();
  // Until hydration has read the choice, the server's question stays as it is.
  const asked =
    choice === undefined ||
    (shouldAskForAnalysis(choice) &&
      window.top === window.self &&
      !isBotUserAgent(navigator.userAgent));
  if (!asked) {
    return null;
  }
  return <AnalysisPromptCard question={question} labels={labels} onAnswer={choose} />;
}
