import { generateKeyPairSync } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { schema, type Database } from '@probe/db';

const { identitySigningKeys } = schema;

/** The algorithm of the keys this provider creates (Ed25519). The API also accepts ES256 for P-256 keys. */
export const SIGNING_ALG = 'EdDSA';

/** The key set as the database holds it now: the newest key signs, every listed key verifies. */
export interface KeySet {
  /** Changes whenever a key is added or retired (the provider is rebuilt when it does). */
  fingerprint: string;
  /** Private JWKs, newest first (oidc-provider signs with the first that fits). */
  privateJwks: JWK[];
  /** The same keys without their private parts: the JWKS. */
  publicJwks: JWK[];
  signingKid: string;
}

/**
 * The built-in provider's signing keys in the database. Every instance reads the same rows; `current()`
 * re-reads them at most every `ttlMs`, so a rotation made by any instance shows everywhere within that time.
 */
export class SigningKeys {
  #cached: { at: number; value: Promise<KeySet> } | null = null;

  constructor(
    private readonly db: Database,
    private readonly ttlMs: number,
  ) {}

  /** Creates the first key when there is none (first start). */
  async ensure(): Promise<void> {
    const [active] = await this.db.select({ kid: identitySigningKeys.kid }).from(identitySigningKeys).where(isNull(identitySigningKeys.retiredAt)).limit(1);
    if (!active) await this.#add();
  }

  /** Adds a new key, which signs from now on; `retire` lists older keys to withdraw at once. */
  async rotate(options: { retire?: string[] } = {}): Promise<string> {
    const kid = await this.#add();
    for (const old of options.retire ?? []) await this.retire(old);
    return kid;
  }

  /** Withdraws a key: it leaves the JWKS and tokens it signed are no longer accepted. */
  async retire(kid: string): Promise<void> {
    await this.db.update(identitySigningKeys).set({ retiredAt: new Date() }).where(and(eq(identitySigningKeys.kid, kid), isNull(identitySigningKeys.retiredAt)));
    this.#cached = null;
  }

  current(): Promise<KeySet> {
    const now = Date.now();
    if (!this.#cached || now - this.#cached.at >= this.ttlMs) {
      const value = this.#load();
      this.#cached = { at: now, value };
      // A failed read is not remembered: the next call tries again.
      value.catch(() => {
        if (this.#cached?.value === value) this.#cached = null;
      });
    }
    return this.#cached.value;
  }

  async #load(): Promise<KeySet> {
    const rows = await this.db
      .select()
      .from(identitySigningKeys)
      .where(isNull(identitySigningKeys.retiredAt))
      .orderBy(desc(identitySigningKeys.createdAt), desc(identitySigningKeys.kid));
    if (!rows.length) throw new Error('the identity provider has no signing key');
    const privateJwks = rows.map((r) => ({ ...r.privateJwk, kid: r.kid, alg: r.alg, use: 'sig' }) as JWK);
    const publicJwks = privateJwks.map(({ d: _d, ...pub }) => pub);
    return { fingerprint: rows.map((r) => r.kid).join(','), privateJwks, publicJwks, signingKid: rows[0]!.kid };
  }

  async #add(): Promise<string> {
    const { privateKey } = generateKeyPairSync('ed25519');
    const jwk = privateKey.export({ format: 'jwk' }) as Record<string, string>;
    const kid = await calculateJwkThumbprint({ kty: jwk.kty!, crv: jwk.crv!, x: jwk.x! });
    await this.db.insert(identitySigningKeys).values({ kid, alg: SIGNING_ALG, privateJwk: jwk }).onConflictDoNothing();
    this.#cached = null;
    return kid;
  }
}
