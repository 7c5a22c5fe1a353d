/*
 * A PKCE pair (RFC 7636, method S256) made in the browser with Web Crypto, for the desktop
 * loopback flow, where the site asks the app for a code and exchanges it itself.
 */

/** A PKCE verifier and its S256 challenge. */
export interface PkcePair {
  verifier: string;
  challenge: string;
}

/** Base64url without padding. */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A fresh verifier (32 random bytes, 43 characters) and its challenge. */
export async function createPkcePair(): Promise<PkcePair> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)) };
}
