/** base64url without padding (RFC 4648 §5), as PKCE and `state` use it. */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length));
}

/** A fresh 128-bit `state`, used once. */
export function randomState(): string {
  return base64url(randomBytes(16));
}

/** A PKCE code verifier: 32 random bytes, 43 characters (RFC 7636 §4.1). */
export function randomCodeVerifier(): string {
  return base64url(randomBytes(32));
}

/** The S256 code challenge of a verifier: base64url(SHA-256(verifier)) (RFC 7636 §4.2). */
export async function codeChallengeS256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}
