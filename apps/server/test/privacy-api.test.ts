import { DEMO_USERS, schema } from '@probe/db';
import { eq } from 'drizzle-orm';
import { exportSPKI, generateKeyPair, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/identity/passwords.ts';
import { tokenFor } from './admin-support.ts';
import { startTestApp, type TestApp } from './harness.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const [, admin, member] = DEMO_USERS;
const PASSWORD = 'correct horse battery staple';
const EXPORT = 'mutation E($lang: LanguageCodeEnum!) { dataExportRequest(languageCode: $lang) { request { kind state } errors { field code message } } }';
const ERASE = 'mutation X($password: String!) { accountErasureRequest(password: $password) { request { kind state } errors { field code message } } }';
const MINE = '{ me { dataRequests { kind state createdAt finishedAt linkExpiresAt } } }';

interface Payload { request: { kind: string; state: string } | null; errors: Array<{ field: string | null; code: string; message: string }> }

let t: TestApp;
let key: CryptoKey;
beforeAll(async () => {
  const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  key = pair.privateKey;
  t = await startTestApp({ config: { AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey) } });
  const passwordHash = await hashPassword(PASSWORD);
  for (const user of [admin!, member!]) await t.database.db.insert(schema.identityUsers).values({ id: user.id, email: user.email, name: user.name, passwordHash });
});
afterAll(() => t?.close());

const requests = () => t.database.db.select().from(schema.dataRequests);

describe(`data requests in the shop API (${DB})`, () => {
  it('anonymous callers are refused', async () => {
    for (const [query, variables] of [[EXPORT, { lang: 'DE' }], [ERASE, { password: PASSWORD }]] as const) {
      const res = await t.gql(query, variables);
      expect(JSON.stringify(res.body.errors)).toContain('PermissionDenied');
    }
    expect(await requests()).toHaveLength(0);
  });

  it('a signed-in user asks for their export (once while it is pending) and sees it in my account', async () => {
    const auth = await tokenFor(key, member!);
    const first = await t.gql<{ dataExportRequest: Payload }>(EXPORT, { lang: 'DE' }, auth);
    expect(first.body.data!.dataExportRequest).toEqual({ request: { kind: 'EXPORT', state: 'PENDING' }, errors: [] });
    await t.gql(EXPORT, { lang: 'DE' }, auth);
    expect(await requests()).toHaveLength(1);
    const [job] = await t.database.db.select().from(schema.outbox).where(eq(schema.outbox.topic, 'privacy.export'));
    expect(job!.payload).toMatchObject({ language: 'de' });
    const mine = await t.gql<{ me: { dataRequests: Array<{ kind: string; state: string }> } }>(MINE, {}, auth);
    expect(mine.body.data!.me.dataRequests).toMatchObject([{ kind: 'EXPORT', state: 'PENDING' }]);
    // Another user sees none of it.
    const other = await t.gql<{ me: { dataRequests: unknown[] } }>(MINE, {}, await tokenFor(key, admin!));
    expect(other.body.data!.me.dataRequests).toEqual([]);
  });

  it('erasure needs the password; the last admin of an organization with a live subscription is told what to do first', async () => {
    const auth = await tokenFor(key, member!);
    const wrong = await t.gql<{ accountErasureRequest: Payload }>(ERASE, { password: 'not it' }, auth);
    expect(wrong.body.data!.accountErasureRequest).toMatchObject({ request: null, errors: [{ field: 'password', code: 'WRONG_PASSWORD' }] });
    const lastAdmin = await t.gql<{ accountErasureRequest: Payload }>(ERASE, { password: PASSWORD }, await tokenFor(key, admin!));
    expect(lastAdmin.body.data!.accountErasureRequest.errors[0]).toMatchObject({ code: 'LAST_ADMIN' });
    expect(lastAdmin.body.data!.accountErasureRequest.errors[0]!.message).toMatch(/Make another member an admin/);
    expect((await requests()).filter((r) => r.kind === 'ERASURE')).toHaveLength(0);
    const ok = await t.gql<{ accountErasureRequest: Payload }>(ERASE, { password: PASSWORD }, auth);
    expect(ok.body.data!.accountErasureRequest).toEqual({ request: { kind: 'ERASURE', state: 'PENDING' }, errors: [] });
    expect(await t.database.db.select().from(schema.outbox).where(eq(schema.outbox.topic, 'privacy.erase'))).toHaveLength(1);
  });
});
