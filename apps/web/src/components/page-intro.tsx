import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface PageIntroProps {
  title: ReactNode;
  description?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** A page's heading and lead paragraph, with room for what follows. */
export function PageIntro({ title, description, className, children }: PageIntroProps) {
  return (
    <div className={cn('mx-auto w-full max-w-3xl px-4 py-10 sm:py-14', className)}>
      <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{title}</h1>
      {description ? (
        <p className="mt-4 text-lg text-pretty text-muted-foreground">{description}</p>
      ) : null}
      {children ? <div className="mt-8">{children}</div> : null}
    </div>
  );
}
