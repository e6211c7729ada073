import { randomUUID } from 'node:crypto';
import { schema } from '@probe/db';
import { eq } from 'drizzle-orm';
import { exportSPKI, generateKeyPair, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../../apps/server/test/admin-support.ts';
import { CARD_OK, readyCheckout } from '../../apps/server/test/checkout-support.ts';
import { startTestApp, type TestApp } from '../../apps/server/test/harness.ts';
import { recordScenario } from '../support/report.ts';
import { place, testGateway } from '../support/store.ts';

const ORDERS = 4;

/**
 * W14: in production the test gateway's ledger (every charge and refund, as a provider's dashboard) is
 * not served to anonymous callers, nor to a buyer's token or a member of staff's store token: only to
 * staff with a console token. The page an asynchronous payment goes through (/test-gateway/{id}/) keeps
 * working for the buyer and shows that payment only.
 */
describe('W14 test gateway ledger in production (PostgreSQL)', () => {
  let app: TestApp;
  let key: CryptoKey;
  const gateway = testGateway();
  beforeAll(async () => {
    const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    key = pair.privateKey;
    app = await startTestApp({ gateway, config: { NODE_ENV: 'production', AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey) } });
  });
  afterAll(() => app?.close());

  it('anonymous, buyer and store-token callers get 401 without a charge; the console token gets the ledger; a payment page shows its payment only', async () => {
    for (let i = 0; i < ORDERS; i++) {
      const ready = await readyCheckout(app, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }] });
      expect((await place(app, { token: ready.token, key: `w14-${ready.token}`, total: ready.total, card: CARD_OK })).errors).toEqual([]);
    }
    const sepa = await readyCheckout(app, { country: 'DE', language: 'DE', lines: [{ sku: 'IQ3-USBC-HUMAN', quantity: 1 }], method: 'SEPA' });
    const references = gateway.charges.map((c) => c.reference);
    expect(references.length).toBe(ORDERS);

    const person = (name: string) => ({ id: `w14-${name}-${randomUUID()}`, email: `${name}-${randomUUID().slice(0, 8)}@w14.example` });
    const owner = person('owner');
    const buyer = person('buyer');
    for (const p of [owner, buyer]) expect((await app.gql('{ me { email } }', {}, await tokenFor(key, p))).status).toBe(200);
    await app.database.db.update(schema.users).set({ staffRole: 'OWNER' }).where(eq(schema.users.id, owner.id));

    const callers: Array<[string, Record<string, string>]> = [
      ['anonymous', {}],
      ['a buyer\'s store token', await tokenFor(key, buyer)],
      ['the owner\'s store token', await tokenFor(key, owner)],
      ['a buyer\'s console token', await tokenFor(key, buyer, 'probe-admin')],
      ['a forged token', { authorization: 'JWT eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' }],
    ];
    let leaked = 0;
    let refused = 0;
    for (const [, headers] of callers) {
      const res = await app.app.inject({ method: 'GET', url: '/test-gateway/', headers, remoteAddress: '203.0.113.60' });
      leaked += references.filter((r) => res.body.includes(r)).length;
      if (res.statusCode === 401) refused++;
    }
    const staff = await app.app.inject({ method: 'GET', url: '/test-gateway/', headers: await tokenFor(key, owner, 'probe-admin') });
    const shownToStaff = references.filter((r) => staff.body.includes(r)).length;
    // The buyer's own payment page: that payment, nothing of the others.
    const page = await app.app.inject({ method: 'GET', url: sepa.redirectUrl!, remoteAddress: '198.51.100.60' });
    const pageLeaks = references.filter((r) => page.body.includes(r)).length;

    const pass = leaked === 0 && refused === callers.length && staff.statusCode === 200 && shownToStaff === references.length && page.statusCode === 200 && page.body.includes('€') && pageLeaks === 0;
    recordScenario({
      id: 'W14',
      done: `NODE_ENV=production, test gateway, ${ORDERS} card charges and a SEPA payment waiting on the gateway's page; GET /test-gateway/ as ${callers.map(([who]) => who).join(', ')}, and with the owner's console token`,
      figure: `${leaked} charge references shown to ${callers.length} callers without a console token (${refused}/${callers.length} answered 401); ${shownToStaff}/${references.length} shown to the owner's console token; the SEPA payment page ${page.statusCode} with ${pageLeaks} other charges`,
      pass,
    });
    expect(leaked).toBe(0);
    expect(refused).toBe(callers.length);
    expect(staff.statusCode).toBe(200);
    expect(shownToStaff).toBe(references.length);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('€');
    expect(pageLeaks).toBe(0);
  });
});
