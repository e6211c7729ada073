import { createLocalJWKSet, createRemoteJWKSet, importSPKI, jwtVerify, type JWK, type JWTPayload, type JWTVerifyGetKey } from 'jose';

/**
 * Verifies the `Authorization: JWT <token>` header (spec §7; "Bearer" accepted too). Tokens are signed
 * with an asymmetric key (EdDSA or ES256 only: `none` and HMAC are refused) and checked for issuer,
 * audience, expiry and not-before with 60 s of clock skew. The keys come from, in this order:
 * - `AUTH_JWT_PUBLIC_KEY`: one PEM public key (issuer AUTH_JWT_ISSUER);
 * - `AUTH_ISSUER_URL`: an external OpenID Connect provider, its JWKS found through its discovery document;
 * - otherwise the built-in provider's current key set (a key added or retired there counts at once,
 *   without a restart); its tokens also name the provider session they were issued in (`sid`) and are
 *   refused once that session has ended (sign-out) or no longer holds their client, within a couple of
 *   seconds (docs/decisions/0028).
 * Without any of them no token is accepted.
 */
export interface TokenVerifier {
  /** Who a valid token says the caller is (`sub`, and the e-mail and name it carries); null for no token or an invalid one. */
  identityFrom(authorization: string | null): Promise<VerifiedIdentity | null>;
}

export interface VerifiedIdentity {
  id: string;
  email: string | null;
  name: string | null;
  /** When the token stops being valid (its `exp`, in seconds since the epoch); null when it carries none. */
  expiresAt: number | null;
}

export interface TokenConfig {
  publicKeyPem: string | undefined;
  issuer: string;
  audience: string;
  /** An external OpenID Connect provider's issuer URL. */
  issuerUrl?: string | undefined;
  /** The built-in provider, when mounted. */
  builtIn?: {
    /** The store's provider's issuer and the console's (one of them signed every token it issues). */
    issuer: string | string[];
    keys(): Promise<{ fingerprint: string; publicJwks: JWK[] }>;
    /** Whether provider session `sid` still exists for account `sub` and client `clientId` (answered from a short cache). */
    sessionLive(sid: string, sub: string, clientId: string): Promise<boolean>;
  } | null;
  /** How discovery is fetched (tests). */
  fetch?: typeof fetch;
}

const HEADER = /^(?:JWT|Bearer) ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;
const ALGORITHMS = ['EdDSA', 'ES256'];
const CLOCK_TOLERANCE_S = 60;

type KeySource = {
  issuer: string | string[] | Promise<string>;
  key: () => Promise<JWTVerifyGetKey>;
  /** A last check of a verified token's claims (the built-in provider: its session still lives). */
  stillValid?: (payload: JWTPayload) => Promise<boolean>;
};

export async function createTokenVerifier(config: TokenConfig): Promise<TokenVerifier> {
  if (config.publicKeyPem) return pemVerifier(config.publicKeyPem, config);
  const source = config.issuerUrl ? externalIssuer(config.issuerUrl, config.fetch ?? fetch) : config.builtIn ? builtInIssuer(config.builtIn) : null;
  if (!source) return { identityFrom: async () => null };
  return {
    async identityFrom(authorization) {
      const token = tokenOf(authorization);
      if (!token) return null;
      try {
        const [issuer, key] = await Promise.all([source.issuer, source.key()]);
        const { payload } = await jwtVerify(token, key, { algorithms: ALGORITHMS, issuer, audience: config.audience, clockTolerance: CLOCK_TOLERANCE_S });
        if (source.stillValid && !(await source.stillValid(payload))) return null;
        return identityOf(payload);
      } catch {
        return null;
      }
    },
  };
}

/** The token of an `Authorization: JWT <token>` (or Bearer) header, unverified; undefined for any other header. */
export function tokenOf(authorization: string | null): string | undefined {
  return authorization ? HEADER.exec(authorization)?.[1] : undefined;
}

const claim = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

function identityOf(payload: JWTPayload): VerifiedIdentity | null {
  const id = claim(payload.sub);
  const expiresAt = typeof payload.exp === 'number' && Number.isFinite(payload.exp) ? payload.exp : null;
  return id ? { id, email: claim(payload.email), name: claim(payload.name), expiresAt } : null;
}

/** The built-in provider's keys, as a local JWKS rebuilt whenever the key set changes. */
function builtInIssuer(builtIn: NonNullable<TokenConfig['builtIn']>): KeySource {
  let cached: { fingerprint: string; set: JWTVerifyGetKey } | null = null;
  return {
    issuer: builtIn.issuer,
    async key() {
      const keys = await builtIn.keys();
      if (cached?.fingerprint !== keys.fingerprint) cached = { fingerprint: keys.fingerprint, set: createLocalJWKSet({ keys: keys.publicJwks }) };
      return cached.set;
    },
    // Every token the provider issues names its session: one that names none is not the provider's.
    stillValid: (payload) => {
      const sid = claim(payload.sid);
      const sub = claim(payload.sub);
      const clientId = claim(payload.client_id);
      return sid && sub && clientId ? builtIn.sessionLive(sid, sub, clientId) : Promise.resolve(false);
    },
  };
}

/**
 * An external provider: its discovery document names its issuer and JWKS; jose's remote key set caches
 * the keys and fetches them again when a token names an unknown `kid` (their rotation).
 */
function externalIssuer(issuerUrl: string, fetchImpl: typeof fetch): KeySource {
  let discovered: Promise<{ issuer: string; set: JWTVerifyGetKey }> | null = null;
  const discover = () => {
    discovered ??= (async () => {
      const res = await fetchImpl(`${issuerUrl.replace(/\/+$/, '')}/.well-known/openid-configuration`, { headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(`discovery of ${issuerUrl} answered ${res.status}`);
      const doc = (await res.json()) as { issuer?: string; jwks_uri?: string };
      if (!doc.issuer || !doc.jwks_uri) throw new Error(`discovery of ${issuerUrl} names no issuer or jwks_uri`);
      return { issuer: doc.issuer, set: createRemoteJWKSet(new URL(doc.jwks_uri)) };
    })();
    // A failed discovery is tried again on the next token.
    discovered.catch(() => (discovered = null));
    return discovered;
  };
  return {
    get issuer() {
      return discover().then((d) => d.issuer);
    },
    key: () => discover().then((d) => d.set),
  };
}

async function pemVerifier(publicKeyPem: string, config: TokenConfig): Promise<TokenVerifier> {
  const keys = await Promise.all(
    (['EdDSA', 'ES256'] as const).map((algorithm) => importSPKI(publicKeyPem, algorithm).then((key) => ({ algorithm, key })).catch(() => null)),
  );
  const usable = keys.filter((k) => k !== null);
  if (!usable.length) throw new Error('AUTH_JWT_PUBLIC_KEY is not an Ed25519 or P-256 public key in PEM (SPKI) form');
  return {
    async identityFrom(authorization) {
      const token = tokenOf(authorization);
      if (!token) return null;
      for (const { algorithm, key } of usable) {
        try {
          const { payload } = await jwtVerify(token, key, { algorithms: [algorithm], issuer: config.issuer, audience: config.audience, clockTolerance: CLOCK_TOLERANCE_S });
          return identityOf(payload);
        } catch {
          // try the next algorithm; a token valid under none is anonymous
        }
      }
      return null;
    },
  };
}
