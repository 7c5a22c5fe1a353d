/*
 * Body scroll lock of docs/product.md#states: while a modal is open the body carries the class below;
 * page scrolling is then hidden and the fixed header keeps the body's width, so nothing shifts
 * when the scrollbar disappears. Removing the class restores both.
 */

/** The class a modal adds to `<body>` while it is open. */
export const modalOpenClass = 'nimbus-modal-open';

/** The id of the site header (docs/product.md#screens-and-routes). */
export const headerId = 'pc_header';

/** The parts of the DOM the lock touches, so the rule can be tested without a browser. */
export interface ScrollLockTarget {
  body: {
    classList: { contains(name: string): boolean };
    clientWidth: number;
    style: { overflow: string };
  };
  header: { style: { width: string; removeProperty(name: string): string } } | null;
}

/** Applies the lock state that matches the body's class; returns whether it is locked. */
export function syncScrollLock(target: ScrollLockTarget): boolean {
  const locked = target.body.classList.contains(modalOpenClass);
  if (locked) {
    if (target.header) {
      target.header.style.width = `${target.body.clientWidth}px`;
    }
    target.body.style.overflow = 'hidden';
  } else {
    target.body.style.overflow = 'auto';
    target.header?.style.removeProperty('width');
  }
  return locked;
}

/**
 * Watches `<body>`'s class and applies the lock whenever the modal class comes or goes.
 * Returns the function that stops watching.
 */
export function observeScrollLock(doc: Document): () => void {
  let locked = doc.body.classList.contains(modalOpenClass);
  const observer = new MutationObserver(() => {
    const next = doc.body.classList.contains(modalOpenClass);
    if (next !== locked) {
      locked = syncScrollLock({ body: doc.body, header: doc.getElementById(headerId) });
    }
  });
  observer.observe(doc.body, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

/** Marks a modal as open on `<body>` until the returned function is called. */
export function holdModalOpen(doc: Document): () => void {
  doc.body.classList.add(modalOpenClass);
  return () => doc.body.classList.remove(modalOpenClass);
}
