import { DEMO_USERS } from '@probe/db';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_OK, readyCheckout } from './checkout-support.ts';
import { startTestApp, type TestApp } from './harness.ts';

const LAKESIDE = Buffer.from('Organization:5e0c2b9a-3f4d-4c1e-8b6a-000000000002').toString('base64');

/**
 * What the W4 mutation fuzz (reliability/) found answering 500, each kept as a plain case: text
 * PostgreSQL cannot store (NUL, a lone surrogate in jsonb) and strings that are not UUIDs sent to uuid
 * columns. Each is a client error now, and nothing is written.
 */
describe('input the database cannot take is a client error, not a 500', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    const pair = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    t = await startTestApp({ config: { AUTH_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey) } });
    const admin = DEMO_USERS[1];
    auth = { authorization: `JWT ${await new SignJWT({ email: admin.email }).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('probe-store').setAudience('probe-store').setSubject(admin.id).setIssuedAt().setExpirationTime('5m').sign(pair.privateKey)}` };
  });
  afterAll(() => t?.close());

  const refused = (body: { errors?: Array<{ message: string }> }) => body.errors?.map((e) => e.message) ?? [];

  it('a NUL character or a lone surrogate, in variables or in the document, is refused before anything runs', async () => {
    const { token } = await readyCheckout(t, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }] });
    const nul = await t.gql('mutation A($input: AccountUpdateInput!) { accountUpdate(input: $input) { errors { code } } }', { input: { name: 'a\u0000b' } }, auth);
    const literal = await t.gql('mutation { accountUpdate(input: { name: "a\\u0000b" }) { errors { code } } }', undefined, auth);
    const surrogate = await t.gql('mutation Q($token: String!, $input: QuoteDataInput!) { checkoutQuoteDataUpdate(token: $token, input: $input) { errors { code } } }',
      { token, input: { equoteOrganizationName: 'Mercy Clinic', equoteJobTitle: 'Lead', equotePracticePlace: 'Clinic', equotePracticeDetails: '\uD800' } });
    for (const res of [nul, literal, surrogate]) {
      expect(res.status).toBe(400);
      expect(refused(res.body)).toEqual(['Text must not contain the NUL character (U+0000) or unpaired surrogates']);
    }
    // A well-formed pair (an emoji) is fine.
    const emoji = await t.gql('mutation A($input: AccountUpdateInput!) { accountUpdate(input: $input) { errors { code } } }', { input: { name: 'Alex 🙂' } }, auth);
    expect(emoji.body).toEqual({ data: { accountUpdate: { errors: [] } } });
  });

  it('invoicePay, orderPay and the saved-method calls with an id that is not a UUID: NOT_FOUND', async () => {
    const pay = await t.gql('mutation P($token: String!, $card: TestCardInput!) { invoicePay(token: $token, card: $card) { errors { code } } orderPay(token: $token, card: $card) { errors { code } } }',
      { token: 'not-a-uuid', card: CARD_OK });
    expect(pay.body).toEqual({ data: { invoicePay: { errors: [{ code: 'NOT_FOUND' }] }, orderPay: { errors: [{ code: 'NOT_FOUND' }] } } });
    const methods = await t.gql(`mutation M($org: ID!, $id: ID!) {
      paymentMethodSetAsPrimary(organizationId: $org, id: $id) { errors { code } }
      paymentMethodUpdate(organizationId: $org, id: $id, name: "x") { errors { code } }
      paymentMethodDelete(organizationId: $org, id: $id) { errors { code } } }`, { org: LAKESIDE, id: 'ÄÄÄ' }, auth);
    const notFound = { errors: [{ code: 'NOT_FOUND' }] };
    expect(methods.body).toEqual({ data: { paymentMethodSetAsPrimary: notFound, paymentMethodUpdate: notFound, paymentMethodDelete: notFound } });
  });
});
