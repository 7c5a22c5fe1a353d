import type { CaptchaChallengeContext, CaptchaSolution } from '@nimbus/client';
import { holdModalOpen } from '../body-scroll-lock';

/*
 * The captcha challenge modal of docs/product.md #screens-and-routes, #states and #limits: a 320x430 px frame of the challenge
 * page with a close button, z-index 99, full size on screens of at most 768 px. The challenge
 * ends on the site's `/loading` page, which posts the solution here; closing means cancelled.
 * Plain DOM, so the modal costs no React code on the pages that never need it.
 */

/** The `type` of the message `/loading` posts to the window that framed it. */
export const captchaResultMessageType = 'nimbus:captcha-result';
/** The `type` of a responsive-layout message of the challenge page. */
export const responsiveLayoutMessageType = 'responsive-layout';
/** Size of the frame on large screens (docs/product.md#limits). */
export const captchaFrameSize = { width: 320, height: 430 } as const;
/** z-index of the modal (docs/product.md#limits). */
export const captchaModalZIndex = 99;

/** The solution message posted by `/loading`. */
export interface CaptchaResultMessage {
  type: typeof captchaResultMessageType;
  captcha_token: string;
  expires_in: number;
  state: string;
}

/** Reads a solution message; undefined for anything else. */
export function parseCaptchaResult(data: unknown): CaptchaResultMessage | undefined {
  if (typeof data !== 'object' || data === null) {
    return undefined;
  }
  const record = data as Record<string, unknown>;
  if (
    record.type !== captchaResultMessageType ||
    typeof record.captcha_token !== 'string' ||
    typeof record.state !== 'string' ||
    typeof record.expires_in !== 'number'
  ) {
    return undefined;
  }
  return {
    type: captchaResultMessageType,
    captcha_token: record.captcha_token,
    expires_in: record.expires_in,
    state: record.state,
  };
}

/** Reads a responsive-layout message: the size the challenge page asks for. */
export function parseResponsiveLayout(
  data: unknown,
): { width: number; height: number } | undefined {
  if (typeof data !== 'object' || data === null) {
    return undefined;
  }
  const record = data as Record<string, unknown>;
  const width = Number(record.width);
  const height = Number(record.height);
  if (record.type !== responsiveLayoutMessageType || !(width > 0) || !(height > 0)) {
    return undefined;
  }
  return { width: Math.min(width, 2000), height: Math.min(height, 2000) };
}

export interface CaptchaModalTexts {
  title: string;
  close: string;
}

/**
 * Makes everything in `body` but `modal` inert (no focus, no clicks, hidden from assistive
 * technology), so Tab stays inside the modal; the returned function gives it all back, with the
 * focus where it was before.
 */
export function containFocus(body: HTMLElement, modal: HTMLElement): () => void {
  const opener = body.ownerDocument.activeElement;
  const outside = [...body.children].filter(
    (element) => element !== modal && !element.hasAttribute('inert'),
  );
  for (const element of outside) {
    element.setAttribute('inert', '');
  }
  return () => {
    for (const element of outside) {
      element.removeAttribute('inert');
    }
    if (opener instanceof HTMLElement && opener.isConnected) {
      opener.focus();
    }
  };
}

/**
 * Opens the challenge `url` in the modal and resolves the solution whose `state` matches, or
 * null when the visitor closes the modal. While it is open the rest of the page is inert, so the
 * focus stays in the modal (its frame and its close button).
 */
export function openCaptchaModal(
  url: string,
  context: CaptchaChallengeContext,
  texts: CaptchaModalTexts,
): Promise<CaptchaSolution | null> {
  return new Promise((resolve) => {
    const frameOrigin = new URL(url, window.location.href).origin;
    const release = holdModalOpen(document);
    const overlay = document.createElement('div');
    overlay.className = 'nimbus-captcha-overlay';
    overlay.dataset.testid = 'captcha-modal';
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', texts.title);
    overlay.style.zIndex = String(captchaModalZIndex);

    const box = document.createElement('div');
    box.className = 'nimbus-captcha-box';
    box.style.width = `${captchaFrameSize.width}px`;
    box.style.height = `${captchaFrameSize.height}px`;

    const frame = document.createElement('iframe');
    frame.src = url;
    frame.title = texts.title;
    frame.className = 'nimbus-captcha-frame';

    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'nimbus-captcha-close';
    close.setAttribute('aria-label', texts.close);
    close.textContent = '\u00d7';

    let uncontain = () => {};

    function finish(solution: CaptchaSolution | null): void {
      window.removeEventListener('message', onMessage);
      document.removeEventListener('keydown', onKey);
      overlay.remove();
      uncontain();
      release();
      resolve(solution);
    }

    function onMessage(event: MessageEvent): void {
      const result =
        event.origin === window.location.origin ? parseCaptchaResult(event.data) : undefined;
      if (result && result.state === context.state) {
        finish({ captcha_token: result.captcha_token, expires_in: result.expires_in });
        return;
      }
      const layout =
        event.origin === frameOrigin || event.origin === window.location.origin
          ? parseResponsiveLayout(event.data)
          : undefined;
      if (layout) {
        box.style.width = `${layout.width}px`;
        box.style.height = `${layout.height}px`;
      }
    }

    function onKey(event: KeyboardEvent): void {
      if (event.key === 'Escape') {
        finish(null);
      }
    }

    close.addEventListener('click', () => finish(null));
    window.addEventListener('message', onMessage);
    document.addEventListener('keydown', onKey);
    box.append(frame, close);
    overlay.append(box);
    document.body.append(overlay);
    uncontain = containFocus(document.body, overlay);
    close.focus();
  });
}
