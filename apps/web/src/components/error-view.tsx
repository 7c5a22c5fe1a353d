import type { ReactNode } from 'react';
import { NimbusLogo } from './nimbus-logo';

export interface ErrorViewProps {
  /** The heading: "Page not found" or "Page Not Found /the/path"; without one the tip is the heading. */
  title?: ReactNode;
  /** The translated `not-found-page-tip`. */
  tip: string;
  homeHref: string;
  homeLabel: string;
  /** An extra action, such as "Try again". */
  action?: ReactNode;
}

/** The error page of docs/product.md#screens-and-routes: the logo and the not-found tip, never any debug detail. */
export function ErrorView({ title, tip, homeHref, homeLabel, action }: ErrorViewProps) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-20 text-center">
      <NimbusLogo className="[&_svg]:size-14" markOnly />
      {title === undefined ? (
        <h1 className="text-xl font-medium" data-testid="not-found-page-tip">
          {tip}
        </h1>
      ) : (
        <>
          <h1 className="text-2xl font-semibold break-all sm:text-3xl">{title}</h1>
          <p className="text-base text-muted-foreground" data-testid="not-found-page-tip">
            {tip}
          </p>
        </>
      )}
      <div className="flex flex-wrap items-center justify-center gap-3">
        <a
          href={homeHref}
          className="inline-flex min-h-11 items-center justify-center rounded-lg bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary-hover"
        >
          {homeLabel}
        </a>
        {action}
      </div>
    </div>
  );
}
