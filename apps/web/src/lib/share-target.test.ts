import { describe, expect, it } from 'vitest';
import { maxActionUrlLength, readDialogAction } from './dialog-action';
import { sharedLinks, shareTargetDestination } from './share-target';

describe('the share target', () => {
  it('finds the links in the url, the text and the title, once each and without closing punctuation', () => {
    expect(
      sharedLinks({
        title: 'A clip',
        text: 'Look at this: https://example.com/clip.mp4. And magnet:?xt=urn:btih:abc!',
        url: 'https://example.com/clip.mp4',
      }),
    ).toEqual(['https://example.com/clip.mp4', 'magnet:?xt=urn:btih:abc']);
    expect(sharedLinks({ text: 'no link here', title: 'javascript:alert(1)' })).toEqual([]);
  });

  it('takes a shared url whole, spaces and all, before the links of the text', () => {
    expect(
      sharedLinks({ url: ' https://files.example/report 2026.pdf ', text: 'https://b.example/2' }),
    ).toEqual(['https://files.example/report 2026.pdf', 'https://b.example/2']);
    expect(sharedLinks({ url: 'see https://c.example/3' })).toEqual(['https://c.example/3']);
  });

  it('opens the Add dialog of the offline downloads with the first link', () => {
    const destination = new URL(
      shareTargetDestination({ title: 'Two', text: 'https://a.example/1 https://b.example/2' }),
      'https://nimbus.example',
    );
    expect(destination.pathname).toBe('/drive/tasks');
    expect(readDialogAction(destination)?.request).toEqual({
      action: 'create_task',
      url: 'https://a.example/1',
    });
  });

  it('opens the empty dialog when nothing shared is a link or the link is too long', () => {
    const empty = (shared: { text: string }) =>
      new URL(shareTargetDestination(shared), 'https://n.example').searchParams.get('url');
    expect(empty({ text: 'hello' })).toBe('');
    expect(empty({ text: `https://example.com/${'x'.repeat(maxActionUrlLength)}` })).toBe('');
  });
});
