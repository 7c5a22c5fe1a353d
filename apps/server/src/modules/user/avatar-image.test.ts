import { describe, expect, it } from 'vitest';
import { detectAvatarType } from './avatar-image';

function bytes(...parts: (number[] | string)[]): Uint8Array {
  return Uint8Array.from(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part,
    ),
  );
}

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('detectAvatarType', () => {
  it('finds each accepted type from its signature', () => {
    expect(detectAvatarType(bytes(pngSignature, [0, 0, 0, 13], 'IHDR', [0, 0, 0, 1]))).toBe(
      'image/png',
    );
    expect(detectAvatarType(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(detectAvatarType(bytes('GIF89a', [1, 0, 1, 0]))).toBe('image/gif');
    expect(detectAvatarType(bytes('GIF87a', [1, 0, 1, 0]))).toBe('image/gif');
    expect(detectAvatarType(bytes('RIFF', [26, 0, 0, 0], 'WEBPVP8 ', [0, 0]))).toBe('image/webp');
  });

  it('refuses SVG, HTML, a PNG signature in front of text, and short or empty input', () => {
    expect(
      detectAvatarType(bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>')),
    ).toBeUndefined();
    expect(detectAvatarType(bytes('<html><script>alert(1)</script></html>'))).toBeUndefined();
    expect(detectAvatarType(bytes(pngSignature, '<script>alert(1)</script>'))).toBeUndefined();
    expect(detectAvatarType(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeUndefined();
    expect(detectAvatarType(bytes([0xff, 0xd8]))).toBeUndefined();
    expect(detectAvatarType(new Uint8Array())).toBeUndefined();
  });
});
