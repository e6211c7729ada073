import type { CORSOptions } from 'graphql-yoga';
import type { Config } from '../config.ts';

/**
 * CORS of the store's and the console's GraphQL APIs (reliability W11): a page on PUBLIC_URL's origin or
 * on one of CORS_ALLOWED_ORIGINS may call them with the visitor's credentials; any other origin gets no
 * Access-Control-Allow-* header at all, its preflight included. That keeps the CSRF argument of
 * http/graphql-route.ts true: an operation arrives only as JSON (or an upload with an Authorization
 * header), which another site's page can send only after a preflight, and no other site's preflight is
 * ever granted. (Yoga's default grants every origin, with credentials.)
 */
export function corsPolicy(config: Pick<Config, 'PUBLIC_URL' | 'CORS_ALLOWED_ORIGINS'>): (request: Request) => CORSOptions {
  const allowed = [...new Set([new URL(config.PUBLIC_URL).origin, ...config.CORS_ALLOWED_ORIGINS])];
  const set = new Set(allowed);
  return (request) => {
    const origin = request.headers.get('origin');
    // Yoga answers the allowed list's one origin, or the request's when there are several (with Vary: Origin).
    return origin !== null && set.has(origin) ? { origin: allowed, credentials: true } : false;
  };
}
