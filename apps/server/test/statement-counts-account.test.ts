import { randomUUID } from 'node:crypto';
import { schema } from '@probe/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/identity/passwords.ts';
import { PLACE, readyCheckout } from './checkout-support.ts';
import { counted, gid, Measured, OPERATIONS, ORG, startCountingApp, USERS, type CountingApp, type Run } from './statement-count-support.ts';

/**
 * Issue 18, signed in: my account, memberships, subscriptions and saved methods within the budgets of
 * statement-budgets.ts, and not one statement more when the user has more memberships, orders, members,
 * admins and saved methods (statement-counts.test.ts has the rest of the story).
 */
const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe(`my account, signed in (${DB})`, () => {
  let c: CountingApp;
  const measured = new Measured('account');
  let adminMembership: string;
  beforeAll(async () => {
    c = await startCountingApp();
    const [m] = await c.t.database.db.select().from(schema.organizationMemberships)
      .where(and(eq(schema.organizationMemberships.userId, USERS.admin.id), eq(schema.organizationMemberships.organizationId, ORG.lakeside)));
    adminMembership = m!.id;
  });
  afterAll(async () => {
    measured.print();
    await c?.t.close();
  });

  const db = () => c.t.database.db;
  const membership = () => gid('OrganizationMembership', adminMembership);
  const lakeside = gid('Organization', ORG.lakeside);

  /** The reads of the account pages, each as the viewer the storefront sends it for. */
  const READS: Array<[string, () => Record<string, unknown>, 'admin' | 'member']> = [
    ['UserQuery', () => ({}), 'admin'],
    ['UserRefreshQuery', () => ({ first: 20 }), 'admin'],
    ['UserOrganizationRefreshQuery', () => ({ organizationMembershipId: membership() }), 'admin'],
    ['UserCheckout', () => ({ organizationMembershipId: membership() }), 'admin'],
    ['OrganizationAdmins', () => ({ organizationId: lakeside }), 'member'],
    ['UpgradeAccount', () => ({}), 'admin'],
    ['SubscriptionManagement', () => ({}), 'admin'],
    ['SavedPaymentMethods', () => ({}), 'admin'],
  ];

  it('the account pages\' reads: within budget, and not one statement more with more memberships, orders, members, admins, saved methods and checkout lines', async () => {
    // The admin's own order (an electronic quote: it has an invoice) and their open checkout, one line.
    const order = await placeQuoteOrder();
    const checkout = await openCheckout(1);
    const small = new Map<string, Run>();
    for (const [name, variables, viewer] of READS) {
      const run = await c.run(name, variables(), viewer);
      measured.within(name, run);
      small.set(name, run);
    }
    expect(small.get('UserCheckout')!.data.me.checkout.token).toBe(checkout);
    expect(small.get('UserRefreshQuery')!.data.me.orders).toHaveLength(1);
    // My account's order page: the order with its lines, payments, parcels, credit notes, invoice and addresses.
    const page = await c.run('AccountOrder', { number: order.number }, 'admin');
    expect(page.data.me.order.number).toBe(order.number);
    measured.within('AccountOrder', page);

    await growAccount(order);
    await c.run('CheckoutLinesAdd', { token: checkout, lines: (await oneTimeSkus(9)).map((sku) => ({ sku, quantity: 1 })) }, 'admin');
    for (const [name, variables, viewer] of READS) {
      const grown = await c.run(name, variables(), viewer);
      if (name === 'UserCheckout') {
        // Its answer shows no lines, but the checkout it reads is priced line by line.
        const lines = await db().select().from(schema.checkoutLines);
        measured.noGrowth(name, small.get(name)!, grown, [1, lines.length]);
      } else measured.noGrowth(name, small.get(name)!, grown);
    }
  });

  it('one membership, its quotes and the learner\'s request', async () => {
    measured.within('UserOrganizationMembershipInfo', await c.run('UserOrganizationMembershipInfo', { id: membership() }, 'admin'));
    const quote = await c.run('CheckoutProrationPreview', { organizationId: lakeside, input: { plan: 'CLINIC', seats: 12 } }, 'admin');
    expect(quote.data.subscriptionChangePreview.errors).toEqual([]);
    measured.within('CheckoutProrationPreview', quote);
    const renewal = await c.run('UpgradeRenewalPreview', { organizationId: gid('Organization', ORG.mokotow) }, 'lapsed');
    expect(renewal.data.subscriptionRenewalPreview.errors).toEqual([]);
    measured.within('UpgradeRenewalPreview', renewal);
    // The restricted groups (team plans, their seats and vet variants), as the pricing page asks for them signed in.
    const restricted = await c.run('AuthorizedUserShop', { country: 'US', languageCode: 'EN' }, 'admin');
    expect(restricted.data.shop.catalogue.team.length).toBeGreaterThan(0);
    measured.within('AuthorizedUserShop', restricted);
    measured.within('LearnerVerification', await c.run('LearnerVerification', { market: 'HUMAN' }, 'student'));
    const request = await sendProof();
    expect(request.data.learnerVerificationRequest.errors).toEqual([]);
    measured.within('LearnerVerificationRequest', request);
  });

  it('the account\'s changes, and the saved methods\' with 1 method and with 6', async () => {
    measured.within('AccountUpdate', await c.run('AccountUpdate', { input: { name: 'Alex A. Admin' } }, 'admin'));
    const [memberRow] = await db().select().from(schema.organizationMemberships).where(eq(schema.organizationMemberships.userId, USERS.member.id));
    const role = await c.run('OrganizationMembershipUpdate', { id: gid('OrganizationMembership', memberRow!.id), input: { canPurchasePersonalProbe: true } }, 'admin');
    expect(role.data.organizationMembershipUpdate.errors).toEqual([]);
    measured.within('OrganizationMembershipUpdate', role);
    measured.within('SubscriptionScheduleAdd', await c.run('SubscriptionScheduleAdd', { organizationId: lakeside, plan: 'TEAM' }, 'admin'));
    measured.within('SubscriptionScheduleRemove', await c.run('SubscriptionScheduleRemove', { organizationId: lakeside }, 'admin'));
    measured.within('SubscriptionAutoRenewalSet', await c.run('SubscriptionAutoRenewalSet', { organizationId: lakeside, on: false }, 'admin'));

    // Nordvet has one saved method: each change with it, then with five more.
    const nordvet = gid('Organization', ORG.nordvet);
    const methods = async () => (await db().select().from(schema.savedPaymentMethods).where(eq(schema.savedPaymentMethods.organizationId, ORG.nordvet))).length;
    const changes = async () => {
      const runs = new Map<string, Run>();
      const setup = await c.run('PaymentMethodSetupStart', { organizationId: nordvet, kind: 'CREDIT_CARD' }, 'vet');
      runs.set('PaymentMethodSetupStart', setup);
      const created = await c.run('PaymentMethodCreate', {
        organizationId: nordvet, input: { kind: 'CREDIT_CARD', setupId: setup.data.paymentMethodSetupStart.setupId, card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' }, makePrimary: true },
      }, 'vet');
      expect(created.data.paymentMethodCreate.errors).toEqual([]);
      runs.set('PaymentMethodCreate', created);
      const id = created.data.paymentMethodCreate.paymentMethod.id;
      runs.set('PaymentMethodUpdate', await c.run('PaymentMethodUpdate', { organizationId: nordvet, id, name: 'Practice card' }, 'vet'));
      const [other] = await db().select().from(schema.savedPaymentMethods).where(and(eq(schema.savedPaymentMethods.organizationId, ORG.nordvet), eq(schema.savedPaymentMethods.isPrimary, false))).limit(1);
      const primary = await c.run('PaymentMethodSetAsPrimary', { organizationId: nordvet, id: other!.id }, 'vet');
      expect(primary.data.paymentMethodSetAsPrimary.errors).toEqual([]);
      runs.set('PaymentMethodSetAsPrimary', primary);
      const deleted = await c.run('PaymentMethodDelete', { organizationId: nordvet, id }, 'vet');
      expect(deleted.data.paymentMethodDelete.errors).toEqual([]);
      runs.set('PaymentMethodDelete', deleted);
      return runs;
    };
    const smallCount = await methods();
    const small = await changes();
    for (const [name, run] of small) measured.within(name, run);
    for (let i = 0; i < 5; i++) await addCard(ORG.nordvet, false);
    const grownCount = await methods();
    const grown = await changes();
    for (const name of ['PaymentMethodCreate', 'PaymentMethodSetAsPrimary', 'PaymentMethodDelete']) measured.noGrowth(name, small.get(name)!, grown.get(name)!, [smallCount, grownCount]);
    for (const name of ['PaymentMethodSetupStart', 'PaymentMethodUpdate']) measured.within(name, grown.get(name)!);

    // A role change with 2 members and with 8 (the last admin is kept: it counts the admins).
    const [memberNow] = await db().select().from(schema.organizationMemberships).where(eq(schema.organizationMemberships.userId, USERS.member.id));
    const grownRole = await c.run('OrganizationMembershipUpdate', { id: gid('OrganizationMembership', memberNow!.id), input: { canPurchasePersonalProbe: false } }, 'admin');
    const members = (await db().select().from(schema.organizationMemberships).where(eq(schema.organizationMemberships.organizationId, ORG.lakeside))).length;
    measured.noGrowth('OrganizationMembershipUpdate', role, grownRole, [2, members]);
  });

  it('an organization founded, its invitations, a seat taken and given up, and a checkout pointed at it', async () => {
    const founded = await c.run('OrganizationCreate', { input: { name: 'Counting Clinic', market: 'HUMAN', country: 'US', billingAddress: {
      firstName: 'Ada', lastName: 'Individual', streetAddress1: '1 Market St', city: 'San Francisco', postalCode: '94105', countryArea: 'CA' } } }, 'individual');
    expect(founded.data.organizationCreate.errors).toEqual([]);
    measured.within('OrganizationCreate', founded);
    // The clinic's admin invites the vet (ten seats, two members), sends it again later, and the vet accepts.
    const invited = await c.run('OrganizationInvitationCreate', { organizationId: lakeside, email: USERS.vet.email, languageCode: 'EN' }, 'admin');
    expect(invited.data.organizationInvitationCreate.errors).toEqual([]);
    measured.within('OrganizationInvitationCreate', invited);
    const invitationId = invited.data.organizationInvitationCreate.invitation.id;
    await db().update(schema.organizationInvitations).set({ sentAt: new Date(Date.now() - 120_000) });
    const resent = await c.run('OrganizationInvitationResend', { id: invitationId, languageCode: 'EN' }, 'admin');
    expect(resent.data.organizationInvitationResend.errors).toEqual([]);
    measured.within('OrganizationInvitationResend', resent);
    const token = async (email: string) => {
      const rows = await db().select({ payload: schema.outbox.payload }).from(schema.outbox).orderBy(schema.outbox.id);
      const text = rows.map((r) => r.payload as { to?: string; text?: string }).filter((p) => p.to === email).at(-1)!.text!;
      return /\/account\/invitation\/([A-Za-z0-9_-]{43})\//.exec(text)![1]!;
    };
    measured.within('OrganizationInvitation', await c.run('OrganizationInvitation', { token: await token(USERS.vet.email) }, 'anonymous'));
    const accepted = await c.run('OrganizationInvitationAccept', { token: await token(USERS.vet.email) }, 'vet');
    expect(accepted.data.organizationInvitationAccept.errors).toEqual([]);
    measured.within('OrganizationInvitationAccept', accepted);
    const left = await c.run('OrganizationMembershipDelete', { id: accepted.data.organizationInvitationAccept.membership.id }, 'vet');
    expect(left.data.organizationMembershipDelete.errors).toEqual([]);
    measured.within('OrganizationMembershipDelete', left);
    // Two more: one declined from its link, one revoked.
    await c.run('OrganizationInvitationCreate', { organizationId: lakeside, email: USERS.student.email, languageCode: 'EN' }, 'admin');
    const declined = await c.run('OrganizationInvitationDecline', { token: await token(USERS.student.email) }, 'anonymous');
    expect(declined.data.organizationInvitationDecline.errors).toEqual([]);
    measured.within('OrganizationInvitationDecline', declined);
    const again = await c.run('OrganizationInvitationCreate', { organizationId: lakeside, email: USERS.lapsed.email, languageCode: 'EN' }, 'admin');
    const revoked = await c.run('OrganizationInvitationRevoke', { id: again.data.organizationInvitationCreate.invitation.id }, 'admin');
    expect(revoked.data.organizationInvitationRevoke.errors).toEqual([]);
    measured.within('OrganizationInvitationRevoke', revoked);
    // The individual's open checkout, pointed at the organization they founded.
    const created = await c.run('CheckoutCreateWithOrganization', { input: { country: 'US', lines: [{ sku: 'CLINIC-ANNUAL-HUMAN', quantity: 5 }] } }, 'individual');
    const pointed = await c.run('CheckoutOrganizationUpdate', { token: created.data.checkoutCreate.checkout.token, organizationMembershipId: founded.data.organizationCreate.membership.id }, 'individual');
    expect(pointed.data.checkoutOrganizationUpdate.errors).toEqual([]);
    measured.within('CheckoutOrganizationUpdate', pointed);
  });

  it('a plan change and a renewal, charged now', async () => {
    const quote = await c.run('CheckoutProrationPreview', { organizationId: lakeside, input: { plan: 'CLINIC', seats: 12 } }, 'admin');
    const changed = await c.run('ChangeSubscription', {
      organizationId: lakeside, input: { plan: 'CLINIC', seats: 12 }, idempotencyKey: `change-${randomUUID()}`, expectedAmount: quote.data.subscriptionChangePreview.quote.amount.fractionalAmount,
    }, 'admin');
    expect(changed.data.subscriptionChange.errors).toEqual([]);
    measured.within('ChangeSubscription', changed);
    const renewal = await c.run('UpgradeRenewalPreview', { organizationId: gid('Organization', ORG.mokotow) }, 'lapsed');
    const renewed = await c.run('SubscriptionRenewal', {
      organizationId: gid('Organization', ORG.mokotow), idempotencyKey: `renew-${randomUUID()}`, expectedAmount: renewal.data.subscriptionRenewalPreview.quote.amount.fractionalAmount,
    }, 'lapsed');
    expect(renewed.data.subscriptionRenewal.errors).toEqual([]);
    measured.within('SubscriptionRenewal', renewed);
  });

  it('your data: the requests listed, an export asked for, and the erasure confirmed with the password', async () => {
    measured.within('DataExportRequest', await c.run('DataExportRequest', { languageCode: 'EN' }, 'student'));
    const listed = await c.run('UserDataRequests', {}, 'student');
    expect(listed.data.me.dataRequests).toHaveLength(1);
    measured.within('UserDataRequests', listed);
    // Consents on record: one withdrawn from my account, listed; another, and the list does not cost more.
    const withdrawn = await c.run('ConsentRecord', { input: { purpose: 'MARKETING_EMAIL', granted: false, source: 'account', textVersion: 'privacy.consent.MARKETING_EMAIL.text#1a2b3c4d', locale: 'en' } }, 'student');
    expect(withdrawn.data.consentRecord.errors).toEqual([]);
    measured.within('ConsentRecord', withdrawn);
    const consents = await c.run('UserConsents', {}, 'student');
    expect(consents.data.me.consents).toHaveLength(1);
    measured.within('UserConsents', consents);
    await c.run('ConsentRecord', { input: { purpose: 'ANALYTICS', granted: true, source: 'account', textVersion: 'privacy.consent.ANALYTICS.text#1a2b3c4d', locale: 'en', anonymousId: 'statement-count-browser' } }, 'student');
    const moreConsents = await c.run('UserConsents', {}, 'student');
    expect(moreConsents.data.me.consents).toHaveLength(2);
    measured.noGrowth('UserConsents', consents, moreConsents);
    // The built-in provider's account, which the erasure's password is checked against.
    await db().insert(schema.identityUsers).values({ id: USERS.student.id, email: USERS.student.email, name: USERS.student.name, passwordHash: await hashPassword('statement-count-password') }).onConflictDoNothing();
    const erased = await c.run('AccountErasureRequest', { password: 'statement-count-password' }, 'student');
    expect(erased.data.accountErasureRequest.errors).toEqual([]);
    measured.within('AccountErasureRequest', erased);
    const grown = await c.run('UserDataRequests', {}, 'student');
    expect(grown.data.me.dataRequests).toHaveLength(2);
    measured.noGrowth('UserDataRequests', listed, grown);
  });

  it('measured every line of its area, and grew every list', () => {
    measured.expectComplete();
  });

  /** The admin's order for Lakeside, placed on an electronic quote (so it has an invoice). */
  async function placeQuoteOrder() {
    const headers = c.headers('admin');
    const ready = await readyCheckout(c.t, { lines: [{ sku: 'ACC-USBC-1M', quantity: 1 }], method: 'ELECTRONIC_QUOTE', signedIn: { headers, organizationMembershipId: membership() } });
    const placed = await c.t.gql<{ checkoutPlaceOrder: { order: { token: string }; errors: unknown[] } }>(PLACE, { token: ready.token, key: `order-${ready.token}`, total: ready.total }, headers);
    expect(placed.body.data!.checkoutPlaceOrder.errors).toEqual([]);
    const [order] = await db().select().from(schema.orders).where(eq(schema.orders.token, placed.body.data!.checkoutPlaceOrder.order.token));
    return order!;
  }

  /** An open checkout of the admin's membership with `lines` one-time items; its token. */
  async function openCheckout(lines: number) {
    const created = await c.run('CheckoutCreateWithOrganization', {
      input: { lines: (await oneTimeSkus(lines)).map((sku) => ({ sku, quantity: 1 })), country: 'US', languageCode: 'EN', email: USERS.admin.email, organizationMembershipId: membership() },
    }, 'admin');
    expect(created.data.checkoutCreate.errors).toEqual([]);
    return created.data.checkoutCreate.checkout.token as string;
  }

  async function oneTimeSkus(n: number) {
    const rows = await db().select({ sku: schema.productVariants.sku }).from(schema.productVariants)
      .innerJoin(schema.variantPrices, and(eq(schema.variantPrices.variantId, schema.productVariants.id), eq(schema.variantPrices.country, 'US')))
      .where(eq(schema.productVariants.billingPeriod, 'ONE_TIME')).orderBy(schema.productVariants.id);
    return rows.slice(rows.length - n).map((r) => r.sku);
  }

  async function addCard(organizationId: string, isPrimary: boolean) {
    await db().insert(schema.savedPaymentMethods).values({
      organizationId, kind: 'CREDIT_CARD', gateway: 'test', paymentToken: `pm_test_card_4242_${randomUUID().slice(0, 8)}`, brand: 'visa', lastDigits: '4242', expMonth: 12, expYear: 2031, isPrimary,
    });
  }

  /**
   * More of every list the account pages show: the admin administers three more organizations (each with a
   * subscription, three saved methods and probes), has four more orders (with invoices), and Lakeside has
   * five more members, two of them admins.
   */
  async function growAccount(order: typeof schema.orders.$inferSelect) {
    const [sub] = await db().select().from(schema.subscriptions).where(eq(schema.subscriptions.organizationId, ORG.lakeside));
    for (let i = 0; i < 3; i++) {
      const id = randomUUID();
      await db().insert(schema.organizations).values({ id, name: `Grown ${i}`, slug: `grown-${id}`, country: 'US' });
      await db().insert(schema.organizationMemberships).values({ organizationId: id, userId: USERS.admin.id, isOrganizationAdmin: true });
      const { id: _subId, organizationId: _org, ...rest } = sub!;
      await db().insert(schema.subscriptions).values({ ...rest, organizationId: id });
      for (let j = 0; j < 3; j++) await addCard(id, j === 0);
      await db().insert(schema.registeredProbes).values([{ organizationId: id, model: 'IQ_3', serialNumber: `IQ3-${id}` }, { organizationId: id, model: 'IQ_PLUS', serialNumber: `IQP-${id}` }]);
    }
    const [invoice] = await db().select().from(schema.invoices).where(eq(schema.invoices.orderId, order.id));
    const lines = await db().select().from(schema.orderLines).where(eq(schema.orderLines.orderId, order.id));
    for (let i = 0; i < 4; i++) {
      const { id: _id, token: _token, ...rest } = order;
      const [copy] = await db().insert(schema.orders).values({ ...rest, number: `${order.number}-${i}`, checkoutToken: randomUUID(), idempotencyKey: `copy-${randomUUID()}`, tradeInKey: null }).returning();
      await db().insert(schema.orderLines).values(lines.map(({ id: _l, ...line }) => ({ ...line, orderId: copy!.id })));
      const { id: _i, token: _t, ...invoiceRest } = invoice!;
      await db().insert(schema.invoices).values({ ...invoiceRest, orderId: copy!.id });
    }
    for (let i = 0; i < 5; i++) {
      const userId = `grown-member-${randomUUID()}`;
      await db().insert(schema.users).values({ id: userId, email: `${userId}@example.test`, name: `Member ${i}` });
      await db().insert(schema.organizationMemberships).values({ organizationId: ORG.lakeside, userId, isOrganizationAdmin: i < 2 });
    }
  }

  /** The learner's request with its proof, as the browser sends it (a multipart body), counted. */
  async function sendProof(): Promise<Run> {
    const operation = OPERATIONS.get('LearnerVerificationRequest')!;
    const form = new FormData();
    const input = { market: 'HUMAN', traineeType: 'MEDICAL_STUDENT', institution: 'University of Leeds', graduationYear: new Date().getUTCFullYear() + 2, proof: null };
    form.set('operations', JSON.stringify({ query: operation.text, variables: { input } }));
    form.set('map', JSON.stringify({ 0: ['variables.input.proof'] }));
    form.set('0', new File([new Uint8Array(PDF)], 'enrollment.pdf', { type: 'application/pdf' }));
    const request = new Request('http://store/graphql', { method: 'POST', body: form });
    const payload = Buffer.from(await request.arrayBuffer());
    const log: string[] = [];
    c.t.database.stats.log = log;
    const before = c.t.database.stats.statements;
    const res = await c.t.app.inject({ method: 'POST', url: '/graphql', payload, headers: { 'content-type': request.headers.get('content-type')!, accept: 'application/json', ...c.headers('student') } });
    c.t.database.stats.log = undefined;
    const body = res.json();
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return counted(log, c.t.database.stats.statements - before, body.data);
  }
});
