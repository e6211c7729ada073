import { createHmac, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@probe/db';
import { eq } from 'drizzle-orm';
import { createTokenVerifier } from '../src/auth/tokens.ts';
import { DEMO_PASSWORD } from '@probe/db';
import { ensureDemoIdentityUsers } from '../src/identity/index.ts';
import type { TestApp } from './harness.ts';
import { Browser, exchangeCode, ISSUER, signInForCode, startIdentityApp } from './identity-support.ts';

const SUB = '0b8f4c1e-2a57-4d3e-9a51-6f3c2b1d0e9f';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('API token verification against the built-in provider’s keys', () => {
  let t: TestApp;
  let verify: (token: string, scheme?: string) => Promise<string | null>;

  async function privateKey(kid: string) {
    const [row] = await t.database.db.select().from(schema.identitySigningKeys).where(eq(schema.identitySigningKeys.kid, kid));
    return importJWK({ ...(row!.privateJwk as JWK), alg: 'EdDSA' }, 'EdDSA');
  }
  /** Every token of the provider names its session; this one stands for a browser signed in to the store. */
  const SID = 'test-session-uid';
  async function sign(kid: string, claims: { iss?: string; aud?: string; exp?: number; nbf?: number; sid?: string | null } = {}) {
    const now = Math.floor(Date.now() / 1000);
    const session = claims.sid === null ? {} : { sid: claims.sid ?? SID, client_id: 'probe-store' };
    return new SignJWT({ nbf: claims.nbf ?? now - 10, ...session })
      .setProtectedHeader({ alg: 'EdDSA', kid, typ: 'at+jwt' })
      .setIssuer(claims.iss ?? ISSUER)
      .setAudience(claims.aud ?? 'probe-store')
      .setSubject(SUB)
      .setIssuedAt(now - 10)
      .setExpirationTime(claims.exp ?? now + 3600)
      .sign(await privateKey(kid));
  }

  beforeAll(async () => {
    t = await startIdentityApp();
    await t.database.db.insert(schema.identityOidcPayloads).values({
      model: 'Session', id: 'test-session-cookie', uid: SID, expiresAt: new Date(Date.now() + 3_600_000),
      payload: { uid: SID, jti: 'test-session-cookie', accountId: SUB, authorizations: { 'probe-store': { sid: 'x' } } },
    });
    // The verifier the app runs, built the way app.ts builds it.
    const verifier = await createTokenVerifier({ publicKeyPem: undefined, issuer: 'probe-store', audience: 'probe-store', builtIn: t.identity.builtIn });
    verify = async (token, scheme = 'JWT') => (await verifier.identityFrom(`${scheme} ${token}`))?.id ?? null;
  });
  afterAll(() => t.close());

  it('accepts a token signed by the current key, in both header forms', async () => {
    const kid = (await t.identity.builtIn!.keys()).publicJwks[0]!.kid!;
    const token = await sign(kid);
    expect(await verify(token)).toBe(SUB);
    expect(await verify(token, 'Bearer')).toBe(SUB);
    expect(await verify(token, 'Basic')).toBeNull();
  });

  it('refuses alg none, HS256 keyed with the public key, expired, not yet valid, wrong audience and wrong issuer', async () => {
    const kid = (await t.identity.builtIn!.keys()).publicJwks[0]!.kid!;
    const now = Math.floor(Date.now() / 1000);
    const payload = { iss: ISSUER, aud: 'probe-store', sub: SUB, iat: now, exp: now + 3600 };
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
    expect(await verify(`${unsigned}x`)).toBeNull();
    expect(await verify(unsigned.slice(0, -1))).toBeNull();

    const publicJwk = (await t.identity.builtIn!.keys()).publicJwks[0]!;
    const hsInput = `${b64({ alg: 'HS256', kid })}.${b64(payload)}`;
    for (const secret of [Buffer.from(publicJwk.x!, 'base64url'), Buffer.from(JSON.stringify(publicJwk))]) {
      expect(await verify(`${hsInput}.${createHmac('sha256', secret).update(hsInput).digest('base64url')}`)).toBeNull();
    }

    expect(await verify(await sign(kid, { exp: now - 61 }))).toBeNull();
    expect(await verify(await sign(kid, { exp: now - 30 }))).toBe(SUB); // within the 60 s skew
    expect(await verify(await sign(kid, { nbf: now + 120 }))).toBeNull();
    expect(await verify(await sign(kid, { aud: 'someone-else' }))).toBeNull();
    expect(await verify(await sign(kid, { iss: 'https://evil.example/oidc' }))).toBeNull();
    expect(await verify(await sign(kid, { iss: 'probe-store' }))).toBeNull();

    // A key the provider never had, even with the right kid.
    const stranger = generateKeyPairSync('ed25519').privateKey;
    const forged = await new SignJWT({}).setProtectedHeader({ alg: 'EdDSA', kid }).setIssuer(ISSUER).setAudience('probe-store').setSubject(SUB).setExpirationTime('1h').sign(stranger);
    expect(await verify(forged)).toBeNull();
  });

  it('refuses a token of the provider’s key that names no session, an unknown one, or one ended', async () => {
    const kid = (await t.identity.builtIn!.keys()).publicJwks[0]!.kid!;
    expect(await verify(await sign(kid, { sid: null }))).toBeNull();
    expect(await verify(await sign(kid, { sid: 'no-such-session' }))).toBeNull();
    const ending = 'session-to-end';
    await t.database.db.insert(schema.identityOidcPayloads).values({ model: 'Session', id: 'cookie-to-end', uid: ending, payload: { uid: ending, accountId: SUB, authorizations: { 'probe-store': {} } } });
    const token = await sign(kid, { sid: ending });
    expect(await verify(token)).toBe(SUB);
    await t.database.db.delete(schema.identityOidcPayloads).where(eq(schema.identityOidcPayloads.uid, ending));
    await expect.poll(() => verify(token), { timeout: 5_000, interval: 200 }).toBeNull();
  });

  it('accepts a newly rotated key at once, publishes it, and refuses tokens of a retired key', async () => {
    const oldKid = (await t.identity.builtIn!.keys()).publicJwks[0]!.kid!;
    const oldToken = await sign(oldKid);
    const newKid = await t.identity.signingKeys!.rotate();
    expect(newKid).not.toBe(oldKid);
    // JWKS from the same running app, no restart: both keys, newest first.
    const jwks = (await t.app.inject({ url: '/oidc/jwks' })).json() as { keys: Array<{ kid: string }> };
    expect(jwks.keys.map((k) => k.kid)).toEqual([newKid, oldKid]);
    expect(await verify(await sign(newKid))).toBe(SUB);
    expect(await verify(oldToken)).toBe(SUB);

    // The provider now signs with the new key.
    await ensureDemoIdentityUsers(t.database.db);
    const { code, verifier } = await signInForCode(new Browser(t), 'vet@demo.probe.store', DEMO_PASSWORD);
    const issued = (await exchangeCode(t, code, verifier)).body.access_token!;
    expect(JSON.parse(Buffer.from(issued.split('.')[0]!, 'base64url').toString()).kid).toBe(newKid);
    expect(await verify(issued)).toMatch(/^[0-9a-f-]{36}$/);

    await t.identity.signingKeys!.retire(oldKid);
    expect(await verify(oldToken)).toBeNull();
    const after = (await t.app.inject({ url: '/oidc/jwks' })).json() as { keys: Array<{ kid: string }> };
    expect(after.keys.map((k) => k.kid)).toEqual([newKid]);
    expect(await verify(issued)).not.toBeNull();
  });

  it('follows an external issuer’s discovery document and JWKS (AUTH_ISSUER_URL), and then does not mount its own', async () => {
    const key = generateKeyPairSync('ed25519');
    const jwk = { ...(key.publicKey.export({ format: 'jwk' }) as JWK), kid: 'ext-1', alg: 'EdDSA', use: 'sig' };
    let base = '';
    const server: Server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/.well-known/openid-configuration') res.end(JSON.stringify({ issuer: `${base}/`, jwks_uri: `${base}/keys` }));
      else if (req.url === '/keys') res.end(JSON.stringify({ keys: [jwk] }));
      else res.writeHead(404).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const external = await startIdentityApp({ config: { AUTH_ISSUER_URL: base } });
      try {
        expect(external.identity.builtIn).toBeNull();
        expect((await external.app.inject({ url: '/oidc/jwks' })).statusCode).toBe(404);
        const token = (iss: string) => new SignJWT({}).setProtectedHeader({ alg: 'EdDSA', kid: 'ext-1' }).setIssuer(iss).setAudience('probe-store').setSubject('ext-user').setExpirationTime('1h').sign(key.privateKey);
        const verifier = await createTokenVerifier({ publicKeyPem: undefined, issuer: 'probe-store', audience: 'probe-store', issuerUrl: base });
        expect((await verifier.identityFrom(`Bearer ${await token(`${base}/`)}`))?.id).toBe('ext-user');
        expect(await verifier.identityFrom(`Bearer ${await token(ISSUER)}`)).toBeNull();
        // The app's own verifier takes the same path.
        const res = await external.gql('{ shop { catalogue(country: US, languageCode: EN) { variants(group: TEAM) { sku } } } }', undefined, { authorization: `JWT ${await token(`${base}/`)}` });
        expect(res.body.errors).toBeUndefined();
      } finally {
        await external.close();
      }
    } finally {
      server.close();
    }
  });
});
