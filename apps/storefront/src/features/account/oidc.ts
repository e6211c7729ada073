import { AUTH_CALLBACK_PATH, AUTH_LOGGED_OUT_PATH } from '@probe/domain';

/**
 * The OpenID Connect client of the store: authorization code + PKCE (S256), public client (no secret).
 * Defaults to the built-in provider mounted at `${origin}/oidc`; VITE_AUTH_ISSUER and VITE_AUTH_CLIENT_ID
 * point it at another provider (Keycloak, Auth0, Entra ID) at build time.
 */
export interface OidcClientConfig {
  issuer: string;
  clientId: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  scope: string;
}

export function oidcConfig(origin: string = location.origin, env: { issuer?: string | undefined; clientId?: string | undefined } = {
  issuer: import.meta.env.VITE_AUTH_ISSUER,
  clientId: import.meta.env.VITE_AUTH_CLIENT_ID,
}): OidcClientConfig {
  return {
    issuer: (env.issuer || `${origin}/oidc`).replace(/\/+$/, ''),
    clientId: env.clientId || 'probe-store',
    redirectUri: `${origin}${AUTH_CALLBACK_PATH}`,
    postLogoutRedirectUri: `${origin}${AUTH_LOGGED_OUT_PATH}`,
    scope: 'openid email profile',
  };
}

/** The endpoints of the provider's discovery document this client uses. */
export interface ProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  end_session_endpoint?: string;
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Checks a discovery document: it must name the issuer we asked (OpenID Connect Discovery §4.3, which
 * also stops a mix-up between providers) and give http(s) endpoints.
 */
export function parseMetadata(issuer: string, document: unknown): ProviderMetadata {
  const doc = (document ?? {}) as Record<string, unknown>;
  if (typeof doc.issuer !== 'string' || doc.issuer.replace(/\/+$/, '') !== issuer) throw new Error('OpenID configuration names another issuer');
  if (!isHttpUrl(doc.authorization_endpoint) || !isHttpUrl(doc.token_endpoint)) throw new Error('OpenID configuration lacks its endpoints');
  return {
    issuer: doc.issuer,
    authorization_endpoint: doc.authorization_endpoint,
    token_endpoint: doc.token_endpoint,
    ...(isHttpUrl(doc.end_session_endpoint) ? { end_session_endpoint: doc.end_session_endpoint } : {}),
  };
}

let discovered: { issuer: string; metadata: Promise<ProviderMetadata> } | null = null;

/** The provider's `/.well-known/openid-configuration`, read once per page. */
export function discover(config: OidcClientConfig, fetcher: typeof fetch = fetch): Promise<ProviderMetadata> {
  if (discovered?.issuer === config.issuer) return discovered.metadata;
  const metadata = fetcher(`${config.issuer}/.well-known/openid-configuration`, { headers: { accept: 'application/json' } })
    .then((res) => {
      if (!res.ok) throw new Error(`OpenID configuration answered ${res.status}`);
      return res.json();
    })
    .then((doc) => parseMetadata(config.issuer, doc));
  discovered = { issuer: config.issuer, metadata };
  metadata.catch(() => {
    if (discovered?.metadata === metadata) discovered = null;
  });
  return metadata;
}
