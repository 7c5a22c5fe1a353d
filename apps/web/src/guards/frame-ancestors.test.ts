import { describe, expect, it } from 'vitest';
import { frameAncestors } from './frame-ancestors';

describe('frame-ancestors', () => {
  const allowed = ['https://parent.example.com'];

  it('lets only the site frame its pages by default', () => {
    expect(frameAncestors(null, allowed)).toBe("frame-ancestors 'self'");
  });

  it('adds an allowed embedding parent named by ?origin=', () => {
    expect(frameAncestors('https://parent.example.com/app', allowed)).toBe(
      "frame-ancestors 'self' https://parent.example.com",
    );
  });

  it('refuses other or malformed origins', () => {
    expect(frameAncestors('https://evil.example', allowed)).toBe("frame-ancestors 'self'");
    expect(frameAncestors('javascript:alert(1)', allowed)).toBe("frame-ancestors 'self'");
    expect(frameAncestors('not a url', allowed)).toBe("frame-ancestors 'self'");
  });
});
