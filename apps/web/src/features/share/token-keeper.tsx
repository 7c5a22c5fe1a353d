'use client';

import { useEffect } from 'react';
import { getCookie } from '@nimbus/client';
import { decodeTokenCookie, passCodeCookieName, storePassCodeToken } from './pass-code-cookie';

/**
 * Keeps the token a share answered (a share without pass code gives one to every visitor) when
 * the browser holds none yet, so the page's later calls and visits use it.
 */
export function TokenKeeper({ shareId, token }: { shareId: string; token: string }) {
  useEffect(() => {
    if (token && !decodeTokenCookie(getCookie(passCodeCookieName(shareId)))) {
      storePassCodeToken(shareId, token);
    }
  }, [shareId, token]);
  return null;
}
