import type { ReactNode } from 'react';

/** Numbered steps, each a short paragraph, with their numbers drawn large for scanning. */
export function StepList({
  steps,
  labelledBy,
}: {
  steps: readonly ReactNode[];
  labelledBy: string;
}) {
  return (
    <ol aria-labelledby={labelledBy} className="space-y-3">
      {steps.map((step, index) => (
        <li key={index} className="flex gap-3">
          <span
            aria-hidden
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary"
          >
            {index + 1}
          </span>
          <span className="pt-1">{step}</span>
        </li>
      ))}
    </ol>
  );
}
