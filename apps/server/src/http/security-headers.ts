import type { FastifyInstance } from 'fastify';

/**
 * Baseline headers for every response (nosniff, Referrer-Policy, HSTS, COOP); the HTML renderer adds its Content-Security-Policy. Nothing may
 * be framed (X-Frame-Options: DENY) except a page whose policy names the origins that may frame it
 * (the marketing forms' `frame-ancestors`), which X-Frame-Options cannot express.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every answer, and a promise per answer costs the cached path.
  app.addHook('onSend', (_req, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    // HTTPS only, for a year, subdomains included (browsers ignore it on plain-HTTP development servers).
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp !== 'string' || !/frame-ancestors (?!'none')/.test(csp)) reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    done(null, payload);
  });
}
