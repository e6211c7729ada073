import type { FastifyInstance, FastifyReply } from 'fastify';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import type { Handoffs } from '../auth/handoffs.ts';
import { tokenOf, type TokenVerifier } from '../auth/tokens.ts';
import type { Limiter, RateLimiterFactory } from './rate-limit.ts';

export interface HandoffDeps {
  tokens: TokenVerifier;
  handoffs: Handoffs;
  rateLimits: RateLimiterFactory;
  now: () => Date;
}

/** Per client address: enough for a person, too few for anyone trying codes or tokens. */
const LIMIT = { points: 20, durationS: 60 };

/** 256 bits in base64url, as issued. */
const Redeem = z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

/** The seconds a token has left by its `exp`; null when it carries none. */
function remainingLife(token: string, nowS: number): number | null {
  const { exp } = decodeJwt(token);
  return typeof exp === 'number' ? exp - nowS : null;
}

/**
 * The mobile handoff (docs/decisions/0013), instead of the spec's skipped state check for a mobile source:
 * - `POST /auth/handoff` with `Authorization: JWT|Bearer <token>` (checked as the API checks it) answers
 *   `{ code, expiresIn: 60 }`; the app opens `/auth/callback?source=mobile&handoff=<code>&next=<path>`.
 * - `POST /auth/handoff/redeem` with `{ code }` answers the token once, as a token endpoint would:
 *   `{ access_token, token_type: 'JWT', expires_in }`. An unknown, used or expired code is a 400.
 * Both are rate limited per client address (429 with Retry-After).
 */
export function registerAuthHandoff(app: FastifyInstance, { tokens, handoffs, rateLimits, now }: HandoffDeps): void {
  const issueLimit = rateLimits.create('auth-handoff', LIMIT);
  const redeemLimit = rateLimits.create('auth-handoff-redeem', LIMIT);

  const limited = async (limiter: Limiter, key: string, reply: FastifyReply): Promise<boolean> => {
    const wait = await limiter.hit(key);
    if (wait === null) return false;
    await reply.status(429).header('retry-after', String(wait)).send({ error: 'too_many_requests' });
    return true;
  };

  app.post('/auth/handoff', { bodyLimit: 1024 }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (await limited(issueLimit, req.ip, reply)) return reply;
    const authorization = req.headers.authorization ?? null;
    const token = tokenOf(authorization);
    const identity = token ? await tokens.identityFrom(authorization) : null;
    if (!token || !identity) return reply.status(401).header('www-authenticate', 'Bearer').send({ error: 'invalid_token' });
    return reply.send(await handoffs.issue(token));
  });

  app.post('/auth/handoff/redeem', { bodyLimit: 1024 }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (await limited(redeemLimit, req.ip, reply)) return reply;
    const parsed = Redeem.safeParse(req.body);
    const token = parsed.success ? await handoffs.redeem(parsed.data.code) : null;
    const expiresIn = token ? remainingLife(token, Math.floor(now().getTime() / 1000)) : null;
    // A token that died while its code waited is as useless as no token.
    if (!token || (expiresIn !== null && expiresIn <= 0)) return reply.status(400).send({ error: 'invalid_handoff' });
    return reply.send({ access_token: token, token_type: 'JWT', expires_in: expiresIn });
  });
}
