'use client';

import type { ComponentProps } from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { isActivePath } from '@/lib/active-path';

/** A navigation link that marks itself `aria-current="page"` on its own page and below. */
export function ActiveLink({ href, ...props }: ComponentProps<typeof Link> & { href: string }) {
  const pathname = usePathname();
  return (
    <Link href={href} aria-current={isActivePath(pathname, href) ? 'page' : undefined} {...props} />
  );
}
