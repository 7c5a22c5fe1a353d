import { describe, expect, it } from 'vitest';
import { isTorrentLink, linkKind, splitLinks, timeLeft } from './links';

describe('pasted links', () => {
  it('takes one link a line, trimmed, without blanks or repeats', () => {
    expect(
      splitLinks(' https://a.example/x \r\n\n magnet:?xt=urn:btih:abc\nhttps://a.example/x\n  \n'),
    ).toEqual(['https://a.example/x', 'magnet:?xt=urn:btih:abc']);
    expect(splitLinks('   \n')).toEqual([]);
  });

  it('tells http(s) and magnet links from the rest', () => {
    expect(linkKind('https://example.com/file.iso')).toBe('http');
    expect(linkKind('HTTP://example.com')).toBe('http');
    expect(linkKind('magnet:?xt=urn:btih:0123')).toBe('magnet');
    expect(linkKind('ftp://example.com/a')).toBe('invalid');
    expect(linkKind('example.com/a')).toBe('invalid');
    expect(linkKind('javascript:alert(1)')).toBe('invalid');
  });

  it('knows an http(s) link to a .torrent by its path, not by its query or host', () => {
    expect(isTorrentLink('https://example.com/releases/Disc%201.TORRENT')).toBe(true);
    expect(isTorrentLink('http://example.com/a.torrent?key=1#part')).toBe(true);
    expect(isTorrentLink('https://example.com/get?file=a.torrent')).toBe(false);
    expect(isTorrentLink('https://a.torrent/')).toBe(false);
    expect(isTorrentLink('magnet:?xt=urn:btih:0123&dn=a.torrent')).toBe(false);
    expect(isTorrentLink('ftp://example.com/a.torrent')).toBe(false);
  });

  it('reads the time left in the largest sensible unit', () => {
    expect(timeLeft('')).toBeUndefined();
    expect(timeLeft(undefined)).toBeUndefined();
    expect(timeLeft('-3')).toBeUndefined();
    expect(timeLeft('42')).toEqual({ unit: 'seconds', count: 42 });
    expect(timeLeft('61')).toEqual({ unit: 'minutes', count: 2 });
    expect(timeLeft('5400')).toEqual({ unit: 'hours', count: 1.5 });
  });
});
