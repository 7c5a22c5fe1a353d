import { describe, expect, it } from 'vitest';
import { decideServing, servingTypeOf } from './content-serving';

const validators = { etag: '"abc"', lastModified: 1_700_000_000 };
const date = new Date(validators.lastModified * 1000).toUTCString();

describe('servingTypeOf', () => {
  it('sends only inert types as themselves and inline-capable', () => {
    expect(servingTypeOf('PNG')).toEqual({ contentType: 'image/png', mayBeInline: true });
    expect(servingTypeOf('mp4')).toEqual({ contentType: 'video/mp4', mayBeInline: true });
    expect(servingTypeOf('pdf')).toEqual({ contentType: 'application/pdf', mayBeInline: true });
  });

  it('never names a type a browser would run', () => {
    for (const extension of ['html', 'htm', 'svg', 'xml', 'xhtml', 'js', 'mjs', 'css', '']) {
      expect(servingTypeOf(extension)).toEqual({
        contentType: 'application/octet-stream',
        mayBeInline: false,
      });
    }
    expect(servingTypeOf('txt').mayBeInline).toBe(false);
  });
});

describe('decideServing', () => {
  it('serves one range and clamps its end', () => {
    expect(decideServing(100, validators, { range: 'bytes=0-9' })).toEqual({
      status: 206,
      start: 0,
      end: 9,
    });
    expect(decideServing(100, validators, { range: 'bytes=-10' })).toEqual({
      status: 206,
      start: 90,
      end: 99,
    });
    expect(decideServing(100, validators, { range: 'bytes=50-' })).toEqual({
      status: 206,
      start: 50,
      end: 99,
    });
    expect(decideServing(100, validators, { range: 'bytes=98-1000' })).toEqual({
      status: 206,
      start: 98,
      end: 99,
    });
  });

  it('answers several ranges with the whole file, overlapping ones merged', () => {
    expect(decideServing(100, validators, { range: 'bytes=0-9,50-59' })).toEqual({ status: 200 });
    expect(decideServing(100, validators, { range: 'bytes=0-9,5-19' })).toEqual({
      status: 206,
      start: 0,
      end: 19,
    });
  });

  it('ignores bad syntax and other units, and refuses a range past the end', () => {
    expect(decideServing(100, validators, { range: 'bytes=x-y' })).toEqual({ status: 200 });
    expect(decideServing(100, validators, { range: 'items=0-1' })).toEqual({ status: 200 });
    expect(decideServing(100, validators, { range: 'bytes=100-' })).toEqual({ status: 416 });
    expect(decideServing(0, validators, { range: 'bytes=0-' })).toEqual({ status: 416 });
  });

  it('follows the precedence of RFC 9110 conditionals', () => {
    expect(decideServing(100, validators, { ifNoneMatch: 'W/"abc"' })).toEqual({ status: 304 });
    expect(decideServing(100, validators, { ifNoneMatch: '"x", "abc"' })).toEqual({ status: 304 });
    expect(decideServing(100, validators, { ifNoneMatch: '"x"', ifModifiedSince: date })).toEqual({
      status: 200,
    });
    expect(decideServing(100, validators, { ifModifiedSince: date })).toEqual({ status: 304 });
    expect(decideServing(100, validators, { ifMatch: '"x"', ifNoneMatch: '"abc"' })).toEqual({
      status: 412,
    });
    expect(
      decideServing(100, validators, { ifUnmodifiedSince: new Date(0).toUTCString() }),
    ).toEqual({ status: 412 });
    expect(decideServing(100, validators, { ifRange: '"abc"', range: 'bytes=0-0' })).toEqual({
      status: 206,
      start: 0,
      end: 0,
    });
    expect(decideServing(100, validators, { ifRange: 'W/"abc"', range: 'bytes=0-0' })).toEqual({
      status: 200,
    });
    expect(decideServing(100, validators, { ifRange: date, range: 'bytes=0-0' })).toEqual({
      status: 206,
      start: 0,
      end: 0,
    });
    expect(
      decideServing(100, validators, { ifRange: new Date(0).toUTCString(), range: 'bytes=0-0' }),
    ).toEqual({ status: 200 });
  });
});
