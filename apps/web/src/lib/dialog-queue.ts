/** A dialog of the page that is open now (Radix marks its content `data-state="open"`). */
const openDialogSelector =
  '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

/**
 * Runs `show` once no dialog is open on the page: a dialog the page opens of its own accord (a
 * welcome, a notice) waits its turn instead of covering the one the member is using. Returns a
 * function that gives up waiting.
 */
export function whenNoDialogIsOpen(show: () => void): () => void {
  if (document.querySelector(openDialogSelector) === null) {
    show();
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    if (document.querySelector(openDialogSelector) === null) {
      observer.disconnect();
      show();
    }
  });
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-state'],
  });
  return () => observer.disconnect();
}
