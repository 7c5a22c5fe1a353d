'use client';

import { useEffect } from 'react';
import { resolveFaqHash } from './faq-anchors';

export interface FaqHashRedirectProps {
  /** The how-to page in the visitor's locale, where some old anchors moved. */
  helpPath: string;
}

function follow(helpPath: string): void {
  const action = resolveFaqHash(window.location.hash);
  switch (action.kind) {
    case 'none':
      return;
    case 'help':
      window.location.replace(`${helpPath}#${action.id}`);
      return;
    case 'scroll': {
      const target = document.getElementById(action.id);
      if (!target) {
        return;
      }
      if (`#${action.id}` !== window.location.hash) {
        window.history.replaceState(window.history.state, '', `#${action.id}`);
      }
      target.scrollIntoView({ block: 'start' });
      target.focus({ preventScroll: true });
    }
  }
}

/** Makes old `/faq#anchor` links work: scrolls to the matching question or opens its new page. */
export function FaqHashRedirect({ helpPath }: FaqHashRedirectProps) {
  useEffect(() => {
    follow(helpPath);
    const onHashChange = () => follow(helpPath);
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [helpPath]);
  return null;
}
