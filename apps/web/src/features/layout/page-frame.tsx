import type { ReactNode } from 'react';
import { Suspense } from 'react';
import type { Locale } from '@nimbus/contracts';
import { cn } from '@/lib/cn';
import type { LayoutName } from '@/features/site/site-routes';
import { AnnouncementBanner } from '@/features/announcement/announcement-banner';
import { SiteFooter } from './site-footer';

export interface PageFrameProps {
  locale: Locale;
  /** The layout this frame belongs to, exposed as `data-layout` on `<main>`. */
  layout: LayoutName;
  /** Leave the footer out (the simple layout). */
  withoutFooter?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * The main content area under the fixed header, with the operator's announcement at its top
 * when there is one, followed by the footer. Every route group's layout renders one; the block
 * page renders none, so it shows the header only.
 */
export function PageFrame({
  locale,
  layout,
  withoutFooter = false,
  className,
  children,
}: PageFrameProps) {
  return (
    <>
      <main
        id="main"
        tabIndex={-1}
        data-layout={layout}
        className={cn('flex-1 pt-[var(--spacing-header)] focus:outline-none', className)}
      >
        <Suspense fallback={null}>
          <AnnouncementBanner locale={locale} />
        </Suspense>
        {children}
      </main>
      {withoutFooter ? null : <SiteFooter locale={locale} />}
    </>
  );
}
