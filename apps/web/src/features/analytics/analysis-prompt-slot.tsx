'use client';

import dynamic from 'next/dynamic';
import type { AnalysisPromptTexts } from './analysis-prompt';

/**
 * Where the root shell asks about usage statistics: the question's code (`AnalysisPrompt`)
 * arrives after the page's own, off every page's first load, since it reads local storage and
 * shows nothing before hydration anyway.
 */
export const AnalysisPromptSlot = dynamic<{ texts: AnalysisPromptTexts }>(
  () => import('./analysis-prompt').then((module) => module.AnalysisPrompt),
  { ssr: false },
);
