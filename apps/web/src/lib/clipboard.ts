'use client';

import { toast } from '@/components/ui/toast';

/**
 * Puts text on the clipboard: the Clipboard API, or, where it is refused (an insecure origin, an
 * older browser), a hidden text area copied with `execCommand`. True when the text was copied.
 */
export async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

/** Copies text and says so in a toast (or that it failed, so the member copies by hand). */
export async function copyWithToast(
  text: string,
  messages: { copied: string; failed: string },
): Promise<void> {
  const copied = await writeClipboard(text);
  toast({ title: copied ? messages.copied : messages.failed });
}
