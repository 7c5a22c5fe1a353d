'use client';

import { useEffect } from 'react';
import { captchaResultMessageType } from '@/lib/api/captcha-modal';
import type { CaptchaResultMessage } from '@/lib/api/captcha-modal';

/**
 * The `/loading` end of a captcha challenge: posts `captcha_token`, `expires_in` and `state`
 * of the query to the window that framed the challenge, on this site's origin only. Renders
 * nothing.
 */
export function CaptchaRelay() {
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const token = params.get('captcha_token');
    const state = params.get('state');
    const expiresIn = Number(params.get('expires_in'));
    const target = window.parent !== window ? window.parent : (window.opener as Window | null);
    if (!token || !state || !Number.isFinite(expiresIn) || !target) {
      return;
    }
    const message: CaptchaResultMessage = {
      type: captchaResultMessageType,
      captcha_token: token,
      expires_in: expiresIn,
      state,
    };
    target.postMessage(message, window.location.origin);
  }, []);
  return null;
}
