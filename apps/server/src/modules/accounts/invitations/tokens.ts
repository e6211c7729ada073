import { createHash, randomBytes } from 'node:crypto';

/** Invitation links work this long after they are sent (or sent again). */
export const INVITATION_TTL_MS = 14 * 24 * 3600 * 1000;
/** An invitation is sent again at most once a minute: resending is not a way to flood an inbox. */
export const RESEND_INTERVAL_MS = 60 * 1000;

/** A new one-use token (256 random bits, URL-safe) and the hash that is all the database keeps of it. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A token as a link carries it: 43 URL-safe characters; anything else is no token. */
export function isInvitationToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
