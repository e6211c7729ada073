import { importSPKI, jwtVerify } from 'jose';

/**
 * Verifies the `Authorization: JWT <token>` header (spec §7; "Bearer" accepted too). Tokens are signed
 * with an asymmetric key (EdDSA or ES256) and checked for issuer, audience and expiry with 60 s of clock
 * skew. Without a configured key no token is accepted. Issuing tokens is the sign-in's job.
 */
export interface TokenVerifier {
  /** Who a valid token says the caller is (`sub`, and the e-mail and name it carries); null for no token or an invalid one. */
  identityFrom(authorization: string | null): Promise<VerifiedIdentity | null>;
}

export interface VerifiedIdentity {
  id: string;
  email: string | null;
  name: string | null;
}

const claim = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

export interface TokenConfig {
  publicKeyPem: string | undefined;
  issuer: string;
  audience: string;
}

const HEADER = /^(?:JWT|Bearer) ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

export async function createTokenVerifier(config: TokenConfig): Promise<TokenVerifier> {
  if (!config.publicKeyPem) return { identityFrom: async () => null };
  const keys = await Promise.all(
    (['EdDSA', 'ES256'] as const).map((algorithm) => importSPKI(config.publicKeyPem!, algorithm).then((key) => ({ algorithm, key })).catch(() => null)),
  );
  const usable = keys.filter((k) => k !== null);
  if (!usable.length) throw new Error('AUTH_JWT_PUBLIC_KEY is not an Ed25519 or P-256 public key in PEM (SPKI) form');
  return {
    async identityFrom(authorization) {
      const token = authorization ? HEADER.exec(authorization)?.[1] : undefined;
      if (!token) return null;
      for (const { algorithm, key } of usable) {
        try {
          const { payload } = await jwtVerify(token, key, { algorithms: [algorithm], issuer: config.issuer, audience: config.audience, clockTolerance: 60 });
          const id = claim(payload.sub);
          return id ? { id, email: claim(payload.email), name: claim(payload.name) } : null;
        } catch {
          // try the next algorithm; a token valid under none is anonymous
        }
      }
      return null;
    },
  };
}
