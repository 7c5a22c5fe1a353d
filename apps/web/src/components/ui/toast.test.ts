import { beforeEach, describe, expect, it } from 'vitest';
import { dismissToast, toast, useToastStore } from './toast';

const titles = () => useToastStore.getState().toasts.map((entry) => entry.title);

describe('toasts', () => {
  beforeEach(() => {
    useToastStore.setState({ toasts: [], nextId: 1 });
  });

  it('shows toasts side by side, and removes one on dismissal', () => {
    const first = toast({ title: 'Copied' });
    toast({ title: 'Uploaded' });
    expect(titles()).toEqual(['Copied', 'Uploaded']);
    dismissToast(first);
    expect(titles()).toEqual(['Uploaded']);
  });

  it('lets a toast of a group take the place of the one before, leaving other toasts be', () => {
    const undo = { label: 'Undo', altText: 'Restore from the trash', onAction: () => undefined };
    toast({ title: 'Moved 1 item to the trash', action: undo, group: 'drive' });
    toast({ title: 'Link copied' });
    toast({ title: 'Restored 1 item', group: 'drive' });
    expect(titles()).toEqual(['Link copied', 'Restored 1 item']);
  });
});
