import type { ReactNode } from 'react';

/**
 * The outermost layout only passes through: the document is rendered by `[locale]/layout.tsx`,
 * or by `not-found.tsx` for a path that names no supported locale.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
