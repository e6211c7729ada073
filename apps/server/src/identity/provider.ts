import Provider, { errors, type ClientMetadata, type Configuration, type KoaContextWithOIDC, type ResourceServer } from 'oidc-provider';
import type { Database } from '@probe/db';
import { createDatabaseAdapter } from './adapter.ts';
import { pickLanguage } from './i18n.ts';
import { SIGNING_ALG, type KeySet, type SigningKeys } from './keys.ts';
import { errorPage, loggedOutPage, logoutPage } from './pages/views.ts';
import type { IdentitySettings } from './settings.ts';
import { storeHref, storeReturnPath } from './store-return.ts';
import { findUserById } from './users.ts';

/** The storefront's client: public (no secret), code + PKCE S256, exact redirect URIs. */
export const STORE_CLIENT_ID = 'probe-store';
/** The operator console's client: public, code + PKCE S256, tokens only for the console's API. */
export const ADMIN_CLIENT_ID = 'probe-admin';
/** The scopes the built-in provider knows. */
const SCOPES = ['openid', 'email', 'profile'];

/*
 * What oidc-provider 8.8.1 has at runtime and @types/oidc-provider 8.8.1 does not declare (9.x's types do):
 * lib/helpers/oidc_context.js (`requestParamOIDCScopes`, `urlFor`), lib/helpers/resource_server.js (`scopes`)
 * and lib/provider.js (`cookieName`). 8.x is the last line that runs on Node 20 (decision 0036).
 */
type OIDCContext8 = KoaContextWithOIDC['oidc'] & {
  readonly requestParamOIDCScopes: Set<string>;
  urlFor(name: string, opt?: Record<string, string>): string;
};
type ResourceServer8 = ResourceServer & { readonly scopes: Set<string> };
type Provider8 = Provider & { cookieName(type: 'session' | 'interaction' | 'resume'): string };
const oidc8 = (ctx: KoaContextWithOIDC) => ctx.oidc as OIDCContext8;

/** Which of the two providers: the store's (/oidc, the storefront's client) or the console's (/oidc/staff, the console's client). */
export type Audience = 'store' | 'staff';

/**
 * Builds an oidc-provider instance for one key set and audience. Everything it keeps is in the database, so
 * a new instance built after a key rotation carries on where the last one stopped. The two audiences share
 * accounts, keys and storage, but not their issuer, sessions or cookies: signing in or out of the store
 * never signs the console in or out, and the other way round.
 */
export function buildProvider(settings: IdentitySettings, keys: KeySet, db: Database, audience: Audience = 'store'): Provider {
  const staff = audience === 'staff';
  const mountPath = staff ? settings.staffMountPath : settings.mountPath;
  const all: ClientMetadata[] = [
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
  const clients = all.filter((c) => (c.client_id === ADMIN_CLIENT_ID) === staff);
  /** Each client's one API: its tokens carry that API's audience and no other. */
  const resourceOf = (clientId: string | undefined) => (clientId === ADMIN_CLIENT_ID ? settings.adminResource : settings.apiResource);
  const firstParty = new Set(clients.map((c) => c.client_id));
  const sessionCookie = { httpOnly: true, sameSite: 'lax', path: mountPath } as const;

  const configuration: Configuration = {
    adapter: createDatabaseAdapter(db),
    clients,
    jwks: { keys: keys.privateJwks as NonNullable<Configuration['jwks']>['keys'] },
    scopes: SCOPES,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'locale'] },
    responseTypes: ['code'],
    pkce: { required: () => true },
    // The store page the sign-in started from: where "back to the store" goes. Only a checked store path is
    // kept (store-return.ts); anything else is dropped here, before the request is stored with the interaction.
    extraParams: {
      return_path: (ctx: KoaContextWithOIDC, value: unknown) => {
        ctx.oidc.params!.return_path = storeReturnPath(value) ?? undefined;
      },
    },
    cookies: {
      names: staff
        ? { session: 'idp_staff_session', interaction: 'idp_staff_interaction', resume: 'idp_staff_resume' }
        : { session: 'idp_session', interaction: 'idp_interaction', resume: 'idp_resume' },
      long: sessionCookie,
      short: { httpOnly: true, sameSite: 'lax' },
      // Unsigned, as under 9.x (which signs only when given keys and is silent without). 8.x prints a warning at
      // every build for the default empty list, and none for null, which likewise leaves Koa's cookies unsigned.
      keys: null as unknown as NonNullable<Configuration['cookies']>['keys'],
    },
    ttl: {
      AccessToken: settings.accessTokenTtlS,
      AuthorizationCode: 60,
      IdToken: settings.accessTokenTtlS,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
    },
    interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // Our own clients' sign-out, naming the signed-in user with their ID token, ends the session without
        // asking: "No, stay signed in" left the provider signed in, and the next visit signed in without a password.
        logoutSource: async (ctx, form) => {
          if (await endOwnClientsSession(ctx, firstParty, sessionCookie)) return;
          html(settings, ctx, logoutPage(pickLanguage(ctx.oidc.params?.ui_locales), form, settings.storeUrl));
        },
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
    // The e-mail and name travel in the access token, so the API needs no userinfo call; `sid` names the
    // provider session the token was issued in, and the API refuses the token once that session has ended.
    extraTokenClaims: async (_ctx, token) => {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      const user = accountId ? await findUserById(db, accountId) : undefined;
      const sid = 'sessionUid' in token ? token.sessionUid : undefined;
      return { ...(user ? { email: user.email, name: user.name } : {}), ...(sid ? { sid } : {}) };
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
      const oidc = oidc8(ctx);
      const clientId = oidc.client!.clientId;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(clientId);
      const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      const accountId = oidc.session?.accountId;
      if (!firstParty.has(clientId) || !accountId) return existing;
      const grant = existing && existing.accountId === accountId ? existing : new oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
      for (const [indicator, server] of Object.entries(oidc.resourceServers ?? {})) {
        grant.addResourceScope(indicator, [...oidc.requestParamScopes].filter((s) => (server as ResourceServer8).scopes.has(s)).join(' '));
      }
      await grant.save();
      return grant;
    },
    clientBasedCORS: (_ctx, origin, client) => client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    renderError: async (ctx, out) => html(settings, ctx, errorPage(pickLanguage(ctx.oidc?.params?.ui_locales), storeHref(settings.storeUrl, storeReturnPath(ctx.oidc?.params?.return_path)), String(out.error ?? 'server_error'))),
  };

  const issuer = staff ? settings.staffIssuer : settings.issuer;
  const provider = new Provider(issuer, configuration);
  provider.proxy = settings.trustProxy;
  // Koa works out the host and scheme of every URL the provider writes (discovery's endpoints, the
  // interaction's return, the end-session form's action) from the request's Host and X-Forwarded-*
  // headers, which anyone can send: they are the issuer's, always (reliability W10).
  const origin = new URL(issuer);
  // 8.x's Provider is not itself the Koa app (9.x's is): its app's request is what every context's inherits.
  Object.defineProperties(provider.app.request, {
    host: { get: () => origin.host },
    protocol: { get: () => origin.protocol.slice(0, -1) },
  });
  return provider;
}

/**
 * RP-initiated logout from one of our own clients with an ID token of the session's user (validated by
 * the provider before this runs): what the confirmation's "Yes, sign me out" does (oidc-provider
 * lib/actions/end_session.js, `confirm` with logout=yes), without the question. Every client's grant in
 * the session is revoked, the session is deleted (so every token issued in it is refused by the API) and
 * its cookie cleared, and the browser goes to the validated post-logout URI, with the client's state.
 * Another client, or a request without a matching ID token (which anyone could link to), still gets the
 * question. Answers whether it ended the session.
 */
async function endOwnClientsSession(ctx: KoaContextWithOIDC, firstParty: Set<string>, cookie: { path: string }): Promise<boolean> {
  const oidc = oidc8(ctx);
  const hint = oidc.entities.IdTokenHint?.payload;
  const session = oidc.session;
  if (!oidc.client || !firstParty.has(oidc.client.clientId) || !hint || !session?.accountId || hint.sub !== session.accountId) return false;
  const { provider } = oidc;
  for (const { grantId } of Object.values(session.authorizations ?? {})) {
    if (!grantId) continue;
    await Promise.all([provider.AccessToken.revokeByGrantId(grantId), provider.AuthorizationCode.revokeByGrantId(grantId)]);
    await provider.Grant.adapter.destroy(grantId);
  }
  const state = session.state ?? {};
  await session.destroy();
  ctx.cookies.set((provider as Provider8).cookieName('session'), null, cookie);
  const target = new URL(typeof state.postLogoutRedirectUri === 'string' ? state.postLogoutRedirectUri : oidc.urlFor('end_session_success'));
  if (typeof state.postLogoutRedirectUri === 'string' && typeof state.state === 'string') target.searchParams.set('state', state.state);
  provider.emit('end_session.success', ctx);
  ctx.status = 303;
  ctx.redirect(target.href);
  return true;
}

function html(settings: IdentitySettings, ctx: KoaContextWithOIDC, body: string): void {
  ctx.type = 'html';
  ctx.set('content-security-policy', settings.contentSecurityPolicy);
  ctx.set('cache-control', 'no-store');
  ctx.body = body;
}

/** The provider for the current key set: rebuilt when a key is added or retired, at most every key-cache period. */
export class ProviderHolder {
  #current: { fingerprint: string; providers: Record<Audience, Provider> } | null = null;

  constructor(
    private readonly settings: IdentitySettings,
    private readonly keys: SigningKeys,
    private readonly db: Database,
    private readonly onBuild: (provider: Provider) => void = () => {},
  ) {}

  /** The store's provider, or the console's. */
  async get(audience: Audience = 'store'): Promise<Provider> {
    const keys = await this.keys.current();
    if (this.#current?.fingerprint !== keys.fingerprint) {
      const providers = { store: buildProvider(this.settings, keys, this.db, 'store'), staff: buildProvider(this.settings, keys, this.db, 'staff') };
      this.onBuild(providers.store);
      this.onBuild(providers.staff);
      this.#current = { fingerprint: keys.fingerprint, providers };
    }
    return this.#current.providers[audience];
  }
}
