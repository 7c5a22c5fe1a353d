import { ChartColumn } from 'lucide-react';

/** The words of the statistics question, rendered on the server into `AnalysisPromptCard`. */
export function AnalysisQuestion({ title, question }: { title: string; question: string }) {
  return (
    <>
      <ChartColumn aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      <p className="min-w-0 flex-1 basis-64">
        <span id="analysis-prompt-title" className="font-medium">
          {title}
        </span>
        {' · '}
        {question}
      </p>
    </>
  );
}
