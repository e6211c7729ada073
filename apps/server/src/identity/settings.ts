import type { Config } from '../config.ts';

/** Where the built-in provider lives on the store's origin. */
export const MOUNT_PATH = '/oidc';
/**
 * Where the console's provider lives: the same accounts and keys, but its own issuer, sessions and cookies
 * (scoped to this path), so a buyer signed in to the store and a member of staff signed in to the console in
 * one browser never end or replace each other's session (issue 35).
 */
export const STAFF_MOUNT_PATH = `${MOUNT_PATH}/staff`;

/** What the built-in identity provider needs from the configuration, worked out once. */
export interface IdentitySettings {
  mountPath: string;
  /** `${PUBLIC_URL}/oidc`: the `iss` of the store's tokens. */
  issuer: string;
  /** The console's provider: under `${PUBLIC_URL}/oidc/staff`, the `iss` of console tokens. */
  staffMountPath: string;
  staffIssuer: string;
  /** The `aud` of access tokens (AUTH_JWT_AUDIENCE). */
  audience: string;
  /** The resource indicator of the store's API (RFC 8707), the default resource of the storefront's tokens. */
  apiResource: string;
  /** The console's API and the audience of its tokens: a shop token is never accepted there, nor a console token in the shop. */
  adminResource: string;
  adminAudience: string;
  adminRedirectUris: string[];
  adminPostLogoutRedirectUris: string[];
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** Where "back to the store" links go. */
  storeUrl: string;
  accessTokenTtlS: number;
  trustProxy: boolean;
  keysTtlMs: number;
  /** For every page the provider renders: no script at all, our one style sheet, forms to us or our redirect URIs. */
  contentSecurityPolicy: string;
}

export function identitySettings(config: Config): IdentitySettings {
  const publicUrl = config.PUBLIC_URL;
  const redirectUris = config.AUTH_REDIRECT_URIS;
  const formTargets = [...new Set([publicUrl, ...redirectUris].map((uri) => new URL(uri).origin))];
  return {
    mountPath: MOUNT_PATH,
    issuer: `${publicUrl}${MOUNT_PATH}`,
    staffMountPath: STAFF_MOUNT_PATH,
    staffIssuer: `${publicUrl}${STAFF_MOUNT_PATH}`,
    audience: config.AUTH_JWT_AUDIENCE,
    apiResource: `${publicUrl}/graphql`,
    adminResource: `${publicUrl}/admin/graphql`,
    adminAudience: config.AUTH_ADMIN_AUDIENCE,
    adminRedirectUris: [`${publicUrl}/admin/callback`],
    adminPostLogoutRedirectUris: [`${publicUrl}/admin/`],
    redirectUris,
    postLogoutRedirectUris: [`${publicUrl}/auth/logged-out`],
    storeUrl: `${publicUrl}/`,
    accessTokenTtlS: 60 * 60,
    trustProxy: config.TRUST_PROXY,
    keysTtlMs: config.AUTH_KEYS_TTL_MS,
    contentSecurityPolicy: [
      "default-src 'none'",
      "style-src 'self'",
      "img-src 'self'",
      `form-action 'self' ${formTargets.join(' ')}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
  };
}
