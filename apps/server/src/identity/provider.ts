import Provider, { errors, type ClientMetadata, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '@probe/db';
import { createDatabaseAdapter } from './adapter.ts';
import { pickLanguage } from './i18n.ts';
import { SIGNING_ALG, type KeySet, type SigningKeys } from './keys.ts';
import { errorPage, loggedOutPage, logoutPage } from './pages/views.ts';
import type { IdentitySettings } from './settings.ts';
import { findUserById } from './users.ts';

/** The storefront's client: public (no secret), code + PKCE S256, exact redirect URIs. */
export const STORE_CLIENT_ID = 'probe-store';
/** The operator console's client: public, code + PKCE S256, tokens only for the console's API. */
export const ADMIN_CLIENT_ID = 'probe-admin';
/** The scopes the built-in provider knows. */
const SCOPES = ['openid', 'email', 'profile'];

/**
 * Builds an oidc-provider instance for one key set. Everything it keeps is in the database, so a new
 * instance built after a key rotation carries on where the last one stopped.
 */
export function buildProvider(settings: IdentitySettings, keys: KeySet, db: Database): Provider {
  const clients: ClientMetadata[] = [
    {
      client_id: STORE_CLIENT_ID,
      client_name: 'Probe Store',
      application_type: 'web',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code'],
      response_types: ['code'],
      redirect_uris: settings.redirectUris,
      post_logout_redirect_uris: settings.postLogoutRedirectUris,
      id_token_signed_response_alg: SIGNING_ALG,
    },
    {
      client_id: ADMIN_CLIENT_ID,
      client_name: 'Probe Store console',
      application_type: 'web',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code'],
      response_types: ['code'],
      redirect_uris: settings.adminRedirectUris,
      post_logout_redirect_uris: settings.adminPostLogoutRedirectUris,
      id_token_signed_response_alg: SIGNING_ALG,
    },
  ];
  /** Each client's one API: its tokens carry that API's audience and no other. */
  const resourceOf = (clientId: string | undefined) => (clientId === ADMIN_CLIENT_ID ? settings.adminResource : settings.apiResource);
  const firstParty = new Set(clients.map((c) => c.client_id));

  const configuration: Configuration = {
    adapter: createDatabaseAdapter(db),
    clients,
    jwks: { keys: keys.privateJwks as NonNullable<Configuration['jwks']>['keys'] },
    scopes: SCOPES,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'locale'] },
    responseTypes: ['code'],
    pkce: { required: () => true },
    cookies: {
      names: { session: 'idp_session', interaction: 'idp_interaction', resume: 'idp_resume' },
      long: { httpOnly: true, sameSite: 'lax', path: settings.mountPath },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    ttl: {
      AccessToken: settings.accessTokenTtlS,
      AuthorizationCode: 60,
      IdToken: settings.accessTokenTtlS,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
    },
    interactions: { url: (_ctx, interaction) => `${settings.mountPath}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => html(settings, ctx, logoutPage(pickLanguage(ctx.oidc.params?.ui_locales), form)),
        postLogoutSuccessSource: async (ctx) => html(settings, ctx, loggedOutPage(pickLanguage(ctx.oidc.params?.ui_locales), settings.storeUrl)),
      },
      resourceIndicators: {
        enabled: true,
        // A storefront token is for the store's API, a console token for the console's; neither client may ask for the other's.
        defaultResource: async (_ctx, client) => resourceOf(client?.clientId),
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, indicator, client) => {
          if (indicator !== resourceOf(client.clientId)) throw new errors.InvalidTarget();
          return {
            scope: SCOPES.filter((s) => s !== 'openid').join(' '),
            audience: indicator === settings.adminResource ? settings.adminAudience : settings.audience,
            accessTokenTTL: settings.accessTokenTtlS,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: SIGNING_ALG, kid: keys.signingKid } },
          };
        },
      },
    },
    // The e-mail and name travel in the access token, so the API needs no userinfo call.
    extraTokenClaims: async (_ctx, token) => {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      const user = accountId ? await findUserById(db, accountId) : undefined;
      return user ? { email: user.email, name: user.name } : undefined;
    },
    findAccount: async (_ctx, sub) => {
      const user = await findUserById(db, sub);
      if (!user) return undefined;
      return {
        accountId: user.id,
        claims: async () => ({ sub: user.id, email: user.email, email_verified: user.emailVerifiedAt !== null, name: user.name, locale: user.locale }),
      };
    },
    // Our own clients need no consent screen: the grant covers what they asked for.
    loadExistingGrant: async (ctx) => {
      const { oidc } = ctx;
      const clientId = oidc.client!.clientId;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(clientId);
      const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      const accountId = oidc.session?.accountId;
      if (!firstParty.has(clientId) || !accountId) return existing;
      const grant = existing && existing.accountId === accountId ? existing : new oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
      for (const [indicator, server] of Object.entries(oidc.resourceServers ?? {})) {
        grant.addResourceScope(indicator, [...oidc.requestParamScopes].filter((s) => server.scopes.has(s)).join(' '));
      }
      await grant.save();
      return grant;
    },
    clientBasedCORS: (_ctx, origin, client) => client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    renderError: async (ctx, out) => html(settings, ctx, errorPage(pickLanguage(ctx.oidc?.params?.ui_locales), settings.storeUrl, String(out.error ?? 'server_error'))),
  };

  const provider = new Provider(settings.issuer, configuration);
  provider.proxy = settings.trustProxy;
  return provider;
}

function html(settings: IdentitySettings, ctx: KoaContextWithOIDC, body: string): void {
  ctx.type = 'html';
  ctx.set('content-security-policy', settings.contentSecurityPolicy);
  ctx.set('cache-control', 'no-store');
  ctx.body = body;
}

/** The provider for the current key set: rebuilt when a key is added or retired, at most every key-cache period. */
export class ProviderHolder {
  #current: { fingerprint: string; provider: Provider } | null = null;

  constructor(
    private readonly settings: IdentitySettings,
    private readonly keys: SigningKeys,
    private readonly db: Database,
    private readonly onBuild: (provider: Provider) => void = () => {},
  ) {}

  async get(): Promise<Provider> {
    const keys = await this.keys.current();
    if (this.#current?.fingerprint !== keys.fingerprint) {
      const provider = buildProvider(this.settings, keys, this.db);
      this.onBuild(provider);
      this.#current = { fingerprint: keys.fingerprint, provider };
    }
    return this.#current.provider;
  }
}
