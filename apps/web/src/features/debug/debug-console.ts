/*
 * The debug console itself (docs/product.md #screens-and-routes and #states): a fixed switch button of 92x32 px, 10 px
 * from the bottom and 20 px from the right, that shows and hides the console panel (eruda,
 * loaded only now), and a close button that destroys both. It is destroyed on page unload too.
 * Plain DOM, like the captcha modal, so pages carry none of it until it is opened.
 */

/** The size and place of the switch button (docs/product.md#screens-and-routes). */
export const debugSwitchBox = { width: 92, height: 32, bottom: 10, right: 20 } as const;

export interface DebugConsoleTexts {
  /** The switch button's label. */
  toggle: string;
  /** The close button's accessible name. */
  close: string;
  /** The panel's name (a region of the page). */
  panel: string;
  /** The name of eruda's command line, which has no label of its own. */
  command: string;
}

/** What `openDebugConsole` resolves: the way to take it down again. */
export interface DebugConsole {
  destroy(): void;
}

/** Opens the console; `onDestroyed` is told once it is gone (closed or unloaded). */
export async function openDebugConsole(
  texts: DebugConsoleTexts,
  onDestroyed: () => void,
): Promise<DebugConsole> {
  const { default: eruda } = await import('eruda');
  const root = document.createElement('div');
  root.dataset.testid = 'debug-console';
  const panel = document.createElement('div');
  panel.dataset.testid = 'debug-console-panel';
  panel.setAttribute('role', 'region');
  panel.setAttribute('aria-label', texts.panel);
  panel.style.cssText =
    'position:fixed;left:0;right:0;bottom:0;height:50vh;z-index:2147483646;display:none;';
  const toggle = document.createElement('button');
  toggle.type = 'button';
  toggle.textContent = texts.toggle;
  toggle.dataset.testid = 'debug-console-toggle';
  toggle.setAttribute('aria-expanded', 'false');
  toggle.style.cssText = [
    'position:fixed',
    `bottom:${debugSwitchBox.bottom}px`,
    `right:${debugSwitchBox.right}px`,
    `width:${debugSwitchBox.width}px`,
    `height:${debugSwitchBox.height}px`,
    'z-index:2147483647',
    'border:0',
    'border-radius:4px',
    // A darker green than eruda's own: white text on it passes 4.5:1.
    'background:#027a01',
    'color:#fff',
    'font:13px/32px system-ui,sans-serif',
    'box-shadow:0 4px 8px rgba(0,0,0,.3)',
  ].join(';');
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = '\u00d7';
  close.dataset.testid = 'debug-console-close';
  close.setAttribute('aria-label', texts.close);
  close.style.cssText = [
    'position:fixed',
    `bottom:${debugSwitchBox.bottom + debugSwitchBox.height - 10}px`,
    `right:${debugSwitchBox.right - 10}px`,
    'width:24px',
    'height:24px',
    'z-index:2147483647',
    'border:0',
    'border-radius:12px',
    'background:#333',
    'color:#fff',
    'font:16px/24px system-ui,sans-serif',
  ].join(';');
  // eruda styles the element it is given: it lives inside the panel, which alone is shown or
  // hidden.
  const host = document.createElement('div');
  host.style.cssText = 'position:relative;width:100%;height:100%;';
  panel.append(host);
  root.append(panel, toggle, close);
  document.body.append(root);
  eruda.init({ container: host, inline: true, useShadowDom: true, autoScale: true });
  // eruda draws in a shadow root of `host` and may make its command line only when shown.
  const nameCommandLine = (): boolean => {
    const commandLine = host.shadowRoot?.querySelector('textarea');
    commandLine?.setAttribute('aria-label', texts.command);
    return commandLine !== undefined && commandLine !== null;
  };
  const commandLineWatch = new MutationObserver(() => {
    if (nameCommandLine()) {
      commandLineWatch.disconnect();
    }
  });
  if (!nameCommandLine() && host.shadowRoot) {
    commandLineWatch.observe(host.shadowRoot, { childList: true, subtree: true });
  }

  let isOpen = false;
  toggle.addEventListener('click', (event) => {
    event.stopPropagation();
    isOpen = !isOpen;
    panel.style.display = isOpen ? 'block' : 'none';
    toggle.setAttribute('aria-expanded', String(isOpen));
  });

  let destroyed = false;
  function destroy(): void {
    if (destroyed) {
      return;
    }
    destroyed = true;
    window.removeEventListener('pagehide', destroy);
    commandLineWatch.disconnect();
    eruda.destroy();
    root.remove();
    onDestroyed();
  }
  close.addEventListener('click', (event) => {
    event.stopPropagation();
    destroy();
  });
  window.addEventListener('pagehide', destroy);
  return { destroy };
}
