import { createHash } from 'node:crypto';
import { DEMO_USERS, schema } from '@probe/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestGateway } from '../src/modules/payments/index.ts';
import { adminGql, denied, startStaffApp } from './admin-support.ts';
import { CARD_DECLINED, CARD_OK, DE_ADDRESS, PLACE, US_ADDRESS, type PlaceAnswer } from './checkout-support.ts';
import type { TestApp } from './harness.ts';
import { pdfText } from './pdf-text.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const [, admin, , vet, student, , operator] = DEMO_USERS;
let t: TestApp;
const gateway = new TestGateway();
let clock = Date.now();
const as: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  const app = await startStaffApp([[vet!, 'CATALOGUE_MANAGER'], [student!, 'ORDER_MANAGER']], { gateway, now: () => new Date(clock) });
  t = app.t;
  const [support] = await t.database.db.select().from(schema.users).where(eq(schema.users.email, 'support@demo.probe.store'));
  as.owner = await app.sign(operator!);
  as.orders = await app.sign(student!);
  as.catalogue = await app.sign(vet!);
  as.support = await app.sign(support!);
  as.buyer = await app.sign(admin!);
});
afterAll(() => t?.close());

const DRAFT = 'id number state email country language currency note lines { sku quantity unitPrice total } subtotal shipping tax total shippingAddress { city } linkExpiresAt orderNumber';
interface Draft {
  id: number; number: string; state: string; email: string; country: string; language: string; currency: string; note: string | null;
  lines: Array<{ sku: string; quantity: number; unitPrice: number; total: number }>; subtotal: number; shipping: number; tax: number; total: number;
  shippingAddress: { city: string } | null; linkExpiresAt: string | null; orderNumber: string | null;
}
type Payload = { draft: Draft | null; errors: Array<{ field: string | null; code: string }> };
const CREATE = `mutation C($input: StaffDraftOrderInput!) { draftOrderCreate(input: $input) { draft { ${DRAFT} } errors { field code } } }`;
const UPDATE = `mutation U($id: Int!, $input: StaffDraftOrderInput!) { draftOrderUpdate(id: $id, input: $input) { draft { ${DRAFT} } errors { field code } } }`;
const act = (name: string) => `mutation A($id: Int!) { ${name}(id: $id) { draft { ${DRAFT} } errors { field code } } }`;
const input = (over: Record<string, unknown> = {}) => ({
  email: 'phone.buyer@example.com', country: 'DE', language: 'de', lines: [{ sku: 'ACC-USBC-1M', quantity: 2 }],
  shippingAddress: DE_ADDRESS, note: 'Ordered by phone', ...over,
});
const create = async (headers = as.orders!, over: Record<string, unknown> = {}) => (await adminGql<{ draftOrderCreate: Payload }>(t, CREATE, { input: input(over) }, headers)).data!.draftOrderCreate;
const run = async (name: string, id: number, headers = as.orders!) => (await adminGql<Record<string, Payload>>(t, act(name), { id }, headers)).data![name]!;

const PAY_LINK = 'state number orderNumber orderToken email currency lines { sku quantity total } total tax requiredAttestations expiresAt';
interface PayLink { state: string; number: string; orderNumber: string | null; orderToken: string | null; lines: Array<{ sku: string; quantity: number; total: number }>; total: number; tax: number; requiredAttestations: string[] }
const view = async (token: string) => (await t.gql<{ payLink: PayLink | null }>(`query V($token: String!) { payLink(token: $token) { ${PAY_LINK} } }`, { token })).body.data!.payLink;
const pay = async (token: string, card = CARD_OK, attestations?: string[], total?: number) => {
  const link = await view(token);
  const res = await t.gql<{ payLinkPay: { payLink: PayLink | null; errors: Array<{ code: string; field: string | null }> } }>(
    `mutation P($token: String!, $card: TestCardInput!, $attestations: [String!], $total: Int) { payLinkPay(token: $token, card: $card, attestations: $attestations, expectedTotal: $total) { payLink { ${PAY_LINK} } errors { code field } } }`,
    { token, card, attestations: attestations ?? link?.requiredAttestations ?? [], total: total ?? link?.total ?? null },
  );
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data!.payLinkPay;
};
/** The token of the newest pay-link e-mail to the address (read from the outbox, as the buyer's mail would show it). */
const linkIn = async (to: string) => {
  const [mail] = await t.database.db.select().from(schema.outbox).where(sql`${schema.outbox.topic} = 'mail.send' and ${schema.outbox.payload}->>'to' = ${to}`).orderBy(sql`${schema.outbox.id} desc`).limit(1);
  const payload = mail!.payload as { subject: string; text: string; html: string; locale: string };
  const token = /\/de\/de\/pay\/([A-Za-z0-9_-]+)\//.exec(payload.text)?.[1];
  return { token: token!, payload };
};
/** Rows that a refused call must leave as they were. */
const snapshot = async () => {
  const count = async (table: 'draftOrders' | 'checkouts' | 'orders' | 'outbox' | 'auditLog') => Number((await t.database.db.select({ n: sql<number>`count(*)` }).from(schema[table]))[0]!.n);
  const drafts = await t.database.db.select().from(schema.draftOrders).orderBy(schema.draftOrders.id);
  return { drafts, checkouts: await count('checkouts'), orders: await count('orders'), outbox: await count('outbox'), audit: await count('auditLog'), charges: gateway.charges.length };
};
const auditOf = async (number: string) => (await t.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.subject, `draft-order:${number}`)).orderBy(schema.auditLog.id)).map((e) => [e.action, e.actorEmail]);

describe(`draft orders and pay links (issue 35, ${DB})`, () => {
  it('an order manager writes a draft priced and taxed for its market; support, a catalogue manager, a buyer and no one cannot, and change nothing', async () => {
    const before = await snapshot();
    for (const who of [as.support, as.catalogue, as.buyer, {}]) expect(denied(await adminGql(t, CREATE, { input: input() }, who))).toBe(true);
    expect(await snapshot()).toEqual(before);

    const created = await create();
    expect(created.errors).toEqual([]);
    const draft = created.draft!;
    expect(draft).toMatchObject({ state: 'DRAFT', email: 'phone.buyer@example.com', country: 'DE', language: 'de', currency: 'eur', note: 'Ordered by phone', shippingAddress: { city: 'Berlin' } });
    expect(draft.lines).toMatchObject([{ sku: 'ACC-USBC-1M', quantity: 2 }]);
    expect(draft.lines[0]!.total).toBe(2 * draft.lines[0]!.unitPrice);
    // German VAT on the German market, as the storefront's checkout computes it.
    expect(draft.tax).toBeGreaterThan(0);
    expect(draft.total).toBe(draft.subtotal + draft.shipping);
    expect(await auditOf(draft.number)).toEqual([['draft_order.create', 'student@demo.probe.store']]);
    // The US market shows prices before its sales tax, as its checkout does: the tax is added to the sums shown.
    const us = (await create(as.orders, { country: 'US', language: 'en-us', shippingAddress: US_ADDRESS })).draft!;
    expect(us.tax).toBeGreaterThan(0);
    expect(us.total).toBe(us.subtotal + us.shipping + us.tax);
    expect(us.lines[0]!.total).toBe(us.subtotal);
  });

  it('a draft with a bad address or an unknown item is refused field by field and nothing is stored', async () => {
    const before = await snapshot();
    const badAddress = await create(as.orders, { shippingAddress: { ...DE_ADDRESS, postalCode: '1' } });
    expect(badAddress.draft).toBeNull();
    expect(badAddress.errors.map((e) => e.field)).toContain('shippingAddress.postalCode');
    const badLine = await create(as.orders, { lines: [{ sku: 'NO-SUCH-SKU', quantity: 1 }] });
    expect(badLine.errors.map((e) => e.field)).toEqual(['lines.0.variantId']);
    expect((await create(as.orders, { lines: [] })).errors.map((e) => e.code)).toEqual(['REQUIRED']);
    expect((await create(as.orders, { lines: [], email: 'not-an-address' })).errors.map((e) => e.field)).toEqual(['lines', 'email']);
    expect((await create(as.orders, { email: 'someone@mailinator.com' })).errors.map((e) => e.code)).toEqual(['BANNED_EMAIL_ADDRESS']);
    expect(await snapshot()).toEqual(before);
  });

  it('is changed whole while open, deleted while unsent; support cannot change or delete it', async () => {
    const { draft } = await create();
    const before = await snapshot();
    expect(denied(await adminGql(t, UPDATE, { id: draft!.id, input: input({ lines: [{ sku: 'ACC-USBC-1M', quantity: 3 }] }) }, as.support))).toBe(true);
    expect(denied(await adminGql(t, act('draftOrderDelete'), { id: draft!.id }, as.support))).toBe(true);
    expect(await snapshot()).toEqual(before);

    const updated = (await adminGql<{ draftOrderUpdate: Payload }>(t, UPDATE, { id: draft!.id, input: input({ lines: [{ sku: 'ACC-USBC-1M', quantity: 3 }], note: 'Three after all' }) }, as.owner)).data!.draftOrderUpdate;
    expect(updated.errors).toEqual([]);
    expect(updated.draft).toMatchObject({ id: draft!.id, note: 'Three after all', lines: [{ sku: 'ACC-USBC-1M', quantity: 3 }] });
    expect((await snapshot()).checkouts).toBe(before.checkouts); // the old checkout went with the change

    expect((await run('draftOrderDelete', draft!.id)).errors).toEqual([]);
    expect(await t.database.db.select().from(schema.draftOrders).where(eq(schema.draftOrders.id, draft!.id))).toEqual([]);
    expect(await auditOf(draft!.number)).toEqual([['draft_order.create', 'student@demo.probe.store'], ['draft_order.update', 'operator@demo.probe.store'], ['draft_order.delete', 'student@demo.probe.store']]);
  });

  it('sends a one-use pay link in the market\'s language; only its hash is stored; a wrong or replaced token opens nothing', async () => {
    const { draft } = await create(as.orders, { email: 'link.buyer@example.com' });
    expect(denied(await adminGql(t, act('draftOrderSendPayLink'), { id: draft!.id }, as.support))).toBe(true);
    const sent = await run('draftOrderSendPayLink', draft!.id);
    expect(sent.draft!.state).toBe('SENT');
    expect(Date.parse(sent.draft!.linkExpiresAt!) - clock).toBe(14 * 24 * 3600 * 1000);
    const first = await linkIn('link.buyer@example.com');
    expect(first.payload.locale).toBe('de');
    expect(first.payload.subject).toContain('Ihre Bestellung');
    const [row] = await t.database.db.select().from(schema.draftOrders).where(eq(schema.draftOrders.id, draft!.id));
    expect(row!.linkTokenHash).toBe(createHash('sha256').update(first.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(first.token);

    const open = await view(first.token);
    expect(open).toMatchObject({ state: 'OPEN', number: draft!.number, total: draft!.total, lines: [{ sku: 'ACC-USBC-1M', quantity: 2 }] });
    expect(await view(first.token.slice(0, -2) + 'xx')).toBeNull();
    // Search engines are asked to keep out of pay links (a buyer's own page).
    expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).body).toContain('Disallow: /*/*/pay/\n');

    await run('draftOrderSendPayLink', draft!.id);
    const second = await linkIn('link.buyer@example.com');
    expect(second.token).not.toBe(first.token);
    expect(await view(first.token)).toBeNull();
    const before = await snapshot();
    expect((await pay(first.token)).errors.map((e) => e.code)).toEqual(['NOT_FOUND']);
    expect(await snapshot()).toEqual(before);
  });

  it('two tabs paying at once make one order and one charge, with its invoice and confirmation; the link then says paid and charges nothing again', async () => {
    const { draft } = await create(as.orders, { email: 'two.tabs@example.com' });
    await run('draftOrderSendPayLink', draft!.id);
    const { token } = await linkIn('two.tabs@example.com');
    const declined = await pay(token, CARD_DECLINED);
    expect(declined.errors.map((e) => e.code)).toEqual(['CARD_DECLINED']);
    expect(declined.payLink!.state).toBe('OPEN');

    const charges = gateway.charges.length;
    const [a, b] = await Promise.all([pay(token), pay(token)]);
    expect([a.errors, b.errors]).toEqual([[], []]);
    expect(a.payLink!.state).toBe('PAID');
    expect(a.payLink!.orderNumber).toBeTruthy();
    expect(b.payLink!.orderNumber).toBe(a.payLink!.orderNumber);
    expect(gateway.charges.filter((c) => !c.refunded).length - charges).toBe(1);
    const orders = await t.database.db.select().from(schema.orders).where(eq(schema.orders.email, 'two.tabs@example.com'));
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ chargeStatus: 'FULLY_CHARGED', totalGross: draft!.total, country: 'DE', language: 'de' });
    const placed = await t.database.db.select().from(schema.outbox).where(sql`${schema.outbox.topic} = 'order.placed' and ${schema.outbox.payload}->>'orderToken' = ${orders[0]!.token}`);
    expect(placed).toHaveLength(1);
    const invoice = await t.app.inject({ method: 'GET', url: `/documents/invoice/${orders[0]!.token}.pdf` });
    expect([invoice.statusCode, invoice.headers['content-type']]).toEqual([200, 'application/pdf']);

    const before = await snapshot();
    const again = await pay(token);
    expect([again.errors, again.payLink!.state, again.payLink!.orderNumber]).toEqual([[], 'PAID', a.payLink!.orderNumber]);
    expect(await snapshot()).toEqual(before);
    const console = (await adminGql<{ draftOrder: Draft }>(t, `query D($id: Int!) { draftOrder(id: $id) { ${DRAFT} } }`, { id: draft!.id }, as.support)).data!.draftOrder;
    expect([console.state, console.orderNumber]).toEqual(['PAID', a.payLink!.orderNumber]);
    // A paid draft is an order now: it cannot be changed, cancelled or sent again.
    for (const name of ['draftOrderCancel', 'draftOrderSendPayLink', 'draftOrderDelete']) expect((await run(name, draft!.id)).errors.map((e) => e.code)).toEqual(['OPERATION_NOT_ALLOWED']);
    expect((await adminGql<{ draftOrderUpdate: Payload }>(t, UPDATE, { id: draft!.id, input: input() }, as.orders)).data!.draftOrderUpdate.errors.map((e) => e.code)).toEqual(['OPERATION_NOT_ALLOWED']);
    expect(await snapshot()).toEqual(before);
  });

  it('a cancelled draft\'s link says cancelled and cannot be paid; an expired one says expired; neither charges or changes anything', async () => {
    const { draft } = await create(as.orders, { email: 'cancelled.buyer@example.com' });
    await run('draftOrderSendPayLink', draft!.id);
    const { token } = await linkIn('cancelled.buyer@example.com');
    expect(denied(await adminGql(t, act('draftOrderCancel'), { id: draft!.id }, as.support))).toBe(true);
    expect((await run('draftOrderCancel', draft!.id)).draft!.state).toBe('CANCELLED');
    expect((await view(token))!.state).toBe('CANCELLED');
    expect((await view(token))!.lines).toEqual([]);
    let before = await snapshot();
    const refused = await pay(token, CARD_OK, ['TERMS_AND_CONDITIONS'], draft!.total);
    expect([refused.payLink!.state, refused.errors.map((e) => e.code)]).toEqual(['CANCELLED', ['OPERATION_NOT_ALLOWED']]);
    expect((await run('draftOrderSendPayLink', draft!.id)).errors.map((e) => e.code)).toEqual(['OPERATION_NOT_ALLOWED']);
    // A payment already under way when the cancel committed reaches placement after it: the checkout is out of its reach.
    const [{ token: checkoutToken }] = await t.database.db.select({ token: schema.checkouts.token }).from(schema.checkouts)
      .innerJoin(schema.draftOrders, eq(schema.draftOrders.checkoutId, schema.checkouts.id)).where(eq(schema.draftOrders.id, draft!.id)) as [{ token: string }];
    const underWay = (await t.gql<PlaceAnswer>(PLACE, { token: checkoutToken, key: `draft-order:${draft!.id}`, total: draft!.total, card: CARD_OK })).body.data!.checkoutPlaceOrder;
    expect([underWay.order, underWay.errors.map((e) => e.code)]).toEqual([null, ['NOT_FOUND']]);
    expect(await snapshot()).toEqual(before);
    expect((await auditOf(draft!.number)).map(([action]) => action)).toEqual(['draft_order.create', 'draft_order.send_link', 'draft_order.cancel']);

    const late = await create(as.orders, { email: 'late.buyer@example.com' });
    await run('draftOrderSendPayLink', late.draft!.id);
    const expired = await linkIn('late.buyer@example.com');
    clock += 14 * 24 * 3600 * 1000 + 1000;
    try {
      expect((await view(expired.token))!.state).toBe('EXPIRED');
      before = await snapshot();
      const answer = await pay(expired.token, CARD_OK, ['TERMS_AND_CONDITIONS'], late.draft!.total);
      expect([answer.payLink!.state, answer.errors.map((e) => e.code)]).toEqual(['EXPIRED', ['OPERATION_NOT_ALLOWED']]);
      expect(await snapshot()).toEqual(before);
    } finally {
      clock -= 14 * 24 * 3600 * 1000 + 1000;
    }
  });

  it('a company in another member state: its VAT number checked as the checkout checks it, reverse charge, and the billing address typed on its order and invoice; support cannot write one', async () => {
    // The seller is registered in the Netherlands (SELLER_VAT_COUNTRY): a French company with a valid French VAT number pays no VAT.
    const shipTo = { firstName: 'Claire', lastName: 'Martin', companyName: 'Clinique du Port', streetAddress1: '5 quai du Port', city: 'Marseille', postalCode: '13002', country: 'FR', phone: '+33 4 91 00 00 00' };
    const billTo = { firstName: 'Claire', lastName: 'Martin', companyName: 'Cliniques Martin SARL', streetAddress1: '12 rue de la République', city: 'Lyon', postalCode: '69002', country: 'FR', phone: '+33 4 72 00 00 00' };
    const b2b = { email: 'claire.martin@example.com', country: 'FR', language: 'fr', shippingAddress: shipTo, billingAddress: billTo, vatNumber: 'FR 40 303265045' };
    const FIELDS = `${DRAFT} vatNumber reverseCharge billingAddress { companyName streetAddress1 city }`;
    const write = async (over: Record<string, unknown>, headers = as.orders!) =>
      (await adminGql<{ draftOrderCreate: Payload & { draft: (Draft & { vatNumber: string | null; reverseCharge: boolean; billingAddress: { companyName: string; streetAddress1: string; city: string } }) | null } }>(
        t, `mutation C($input: StaffDraftOrderInput!) { draftOrderCreate(input: $input) { draft { ${FIELDS} } errors { field code } } }`, { input: input(over) }, headers)).data!.draftOrderCreate;

    const before = await snapshot();
    expect(denied(await adminGql(t, CREATE, { input: input(b2b) }, as.support))).toBe(true);
    // A number of the wrong format, one VIES does not know, and one outside the EU are refused under the VAT number; nothing is kept.
    expect((await write({ ...b2b, vatNumber: 'FR123' })).errors).toEqual([{ field: 'vatNumber', code: 'INVALID' }]);
    expect((await write({ ...b2b, vatNumber: 'FR40303265000' })).errors).toEqual([{ field: 'vatNumber', code: 'INVALID' }]);
    expect((await write({ ...b2b, country: 'US', language: 'en-us', shippingAddress: US_ADDRESS, billingAddress: null, vatNumber: 'FR40303265045' })).errors).toEqual([{ field: 'vatNumber', code: 'OPERATION_NOT_ALLOWED' }]);
    expect(await snapshot()).toEqual(before);

    const withVat = await write(b2b);
    expect(withVat.errors).toEqual([]);
    const draft = withVat.draft!;
    expect(draft).toMatchObject({ vatNumber: 'FR40303265045', reverseCharge: true, tax: 0, shippingAddress: { city: 'Marseille' }, billingAddress: { companyName: 'Cliniques Martin SARL', streetAddress1: '12 rue de la République', city: 'Lyon' } });
    // The same draft without the number pays French VAT.
    const plain = (await write({ ...b2b, vatNumber: null })).draft!;
    expect([plain.reverseCharge, plain.tax > 0, plain.total > draft.total]).toEqual([false, true, true]);

    await run('draftOrderSendPayLink', draft.id);
    const [mail] = await t.database.db.select().from(schema.outbox).where(sql`${schema.outbox.topic} = 'mail.send' and ${schema.outbox.payload}->>'to' = ${b2b.email}`).orderBy(sql`${schema.outbox.id} desc`).limit(1);
    const token = /\/fr\/fr\/pay\/([A-Za-z0-9_-]+)\//.exec((mail!.payload as { text: string }).text)![1]!;
    const paid = await pay(token);
    expect([paid.errors, paid.payLink!.state, paid.payLink!.tax]).toEqual([[], 'PAID', 0]);
    const [order] = await t.database.db.select().from(schema.orders).where(eq(schema.orders.number, paid.payLink!.orderNumber!));
    expect(order).toMatchObject({ reverseCharge: true, vatNumber: 'FR40303265045', totalTax: 0, totalGross: draft.total, billingAddress: { city: 'Lyon', companyName: 'Cliniques Martin SARL' }, shippingAddress: { city: 'Marseille' } });
    const invoice = await pdfText((await t.app.inject({ method: 'GET', url: `/documents/invoice/${order!.token}.pdf` })).rawPayload);
    expect(invoice).toContain('Facturé à Cliniques Martin SARL Claire Martin 12 rue de la République 69002 Lyon France');
    expect(invoice).toContain('Livré à Clinique du Port Claire Martin 5 quai du Port 13002 Marseille');
    expect(invoice).toContain('N° de TVA: FR40303265045');
    expect(invoice).toContain('(article 138 de la directive 2006/112/CE du Conseil)');
  });
});
