import { createHash, randomBytes } from 'node:crypto';
import { schema, type Database } from '@probe/db';
import type { UrlLanguage } from '@probe/domain';
import { and, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { creditNoteDocument, orderDocument, type Seller } from '../documents/index.ts';
import { consentHistory } from './consents.ts';
import { renderExportMail } from './mail.ts';
import type { DataRequest, DataRequestSource } from './requests.ts';

const t = schema;
export const EXPORT_TOPIC = 'privacy.export';
/** How long an export's download link works (and its archive is kept). */
export const EXPORT_LINK_HOURS = 72;
/** The format of the archive; raised when its shape changes. */
export const EXPORT_FORMAT = 'probe-store-personal-data/1';

export interface ExportDeps {
  db: Database;
  seller: Seller;
  publicUrl: string;
  now?: () => Date;
}

export const exportTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Records an export request and its job; one that is pending or running is returned instead of a second. */
export async function requestExport(db: Database, input: { userId: string; language: UrlLanguage; source: DataRequestSource; handledBy?: string | null }): Promise<DataRequest | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ email: t.users.email }).from(t.users).where(eq(t.users.id, input.userId));
    if (!user) return null;
    const [open] = await tx.select().from(t.dataRequests)
      .where(and(eq(t.dataRequests.userId, input.userId), eq(t.dataRequests.kind, 'EXPORT'), inArray(t.dataRequests.state, ['PENDING', 'RUNNING'])));
    if (open) return open;
    const [request] = await tx.insert(t.dataRequests).values({ kind: 'EXPORT', userId: input.userId, source: input.source, handledBy: input.handledBy ?? null }).returning();
    await tx.insert(t.outbox).values({ topic: EXPORT_TOPIC, payload: { requestId: request!.id, language: input.language } });
    return request!;
  });
}

const pdf = (doc: { filename: string; bytes: Buffer } | null) => (doc ? { filename: doc.filename, contentType: 'application/pdf', base64: doc.bytes.toString('base64') } : null);

/**
 * Everything the store keeps about one user, and nothing about anyone else: their profile and sign-in
 * account (never the password's hash), sign-in history, memberships with the subscriptions they administer
 * and the display details of those organizations' saved methods, their orders with lines, payments'
 * display details, invoices and credit notes as PDFs, learner verifications with the proofs they sent,
 * leads with their e-mail, analytics events sent with their id, their consent decisions (each with its time,
 * text version, source and locale) and the data requests they made.
 */
export async function buildArchive(deps: ExportDeps, userId: string): Promise<Record<string, unknown> | null> {
  const { db } = deps;
  const [user] = await db.select().from(t.users).where(eq(t.users.id, userId));
  if (!user) return null;
  const email = user.email.toLowerCase();
  const [account] = await db.select({ email: t.identityUsers.email, name: t.identityUsers.name, locale: t.identityUsers.locale, createdAt: t.identityUsers.createdAt, emailVerifiedAt: t.identityUsers.emailVerifiedAt, passwordChangedAt: t.identityUsers.passwordChangedAt })
    .from(t.identityUsers).where(sql`${t.identityUsers.id}::text = ${userId}`);
  const knownAddresses = account ? await db.select({ lastSeenAt: t.identityKnownAddresses.lastSeenAt }).from(t.identityKnownAddresses).where(sql`${t.identityKnownAddresses.userId}::text = ${userId}`) : [];
  const sessions = await db.select({ payload: t.identityOidcPayloads.payload, expiresAt: t.identityOidcPayloads.expiresAt })
    .from(t.identityOidcPayloads).where(and(eq(t.identityOidcPayloads.model, 'Session'), sql`${t.identityOidcPayloads.payload}->>'accountId' = ${userId}`));
  const memberships = await db.select({ id: t.organizationMemberships.id, organizationId: t.organizations.id, organization: t.organizations.name, country: t.organizations.country, isOrganizationAdmin: t.organizationMemberships.isOrganizationAdmin, canPurchasePersonalProbe: t.organizationMemberships.canPurchasePersonalProbe, referrerToken: t.organizationMemberships.referrerToken, createdAt: t.organizationMemberships.createdAt })
    .from(t.organizationMemberships).innerJoin(t.organizations, eq(t.organizations.id, t.organizationMemberships.organizationId)).where(eq(t.organizationMemberships.userId, userId));
  const administered = memberships.filter((m) => m.isOrganizationAdmin).map((m) => m.organizationId);
  const subscriptions = administered.length
    ? await db.select({ organizationId: t.subscriptions.organizationId, planType: t.subscriptions.planType, status: t.subscriptions.status, term: t.subscriptions.term }).from(t.subscriptions).where(inArray(t.subscriptions.organizationId, administered))
    : [];
  const savedMethods = administered.length
    ? await db.select({ organizationId: t.savedPaymentMethods.organizationId, kind: t.savedPaymentMethods.kind, brand: t.savedPaymentMethods.brand, lastDigits: t.savedPaymentMethods.lastDigits, expMonth: t.savedPaymentMethods.expMonth, expYear: t.savedPaymentMethods.expYear, bankName: t.savedPaymentMethods.bankName, isPrimary: t.savedPaymentMethods.isPrimary })
      .from(t.savedPaymentMethods).where(and(inArray(t.savedPaymentMethods.organizationId, administered), eq(t.savedPaymentMethods.isActive, true)))
    : [];
  const orderRows = await db.select().from(t.orders).where(or(eq(t.orders.userId, userId), sql`lower(${t.orders.email}) = ${email}`)).orderBy(t.orders.id);
  const orderIds = orderRows.map((o) => o.id);
  const lines = orderIds.length ? await db.select().from(t.orderLines).where(inArray(t.orderLines.orderId, orderIds)) : [];
  const payments = orderIds.length ? await db.select({ orderId: t.payments.orderId, method: t.payments.method, amount: t.payments.amount, currency: t.payments.currency, status: t.payments.status, ccBrand: t.payments.ccBrand, ccLastDigits: t.payments.ccLastDigits, createdAt: t.payments.createdAt }).from(t.payments).where(inArray(t.payments.orderId, orderIds)) : [];
  const notes = orderIds.length ? await db.select({ orderId: t.creditNotes.orderId, refundId: t.creditNotes.refundId, number: t.creditNotes.number }).from(t.creditNotes).where(inArray(t.creditNotes.orderId, orderIds)) : [];
  const options = { seller: deps.seller, publicUrl: deps.publicUrl };
  const orders = [];
  for (const o of orderRows) {
    orders.push({
      number: o.number, createdAt: o.createdAt, email: o.email, country: o.country, language: o.language, currency: o.currency,
      paymentMethod: o.paymentMethod, chargeStatus: o.chargeStatus, totalNet: o.totalNet, totalTax: o.totalTax, totalGross: o.totalGross,
      shippingAddress: o.shippingAddress, billingAddress: o.billingAddress, shippingMethod: o.shippingMethod, vatNumber: o.vatNumber,
      cancelledAt: o.cancelledAt,
      lines: lines.filter((l) => l.orderId === o.id).map((l) => ({ sku: l.productSku, product: l.productName, variant: l.variantName, quantity: l.quantity, unitGross: l.unitGross, totalGross: l.totalGross })),
      payments: payments.filter((p) => p.orderId === o.id).map(({ orderId: _, ...p }) => p),
      invoice: pdf(await orderDocument(db, { id: o.id }, 'invoice', options)),
      creditNotes: await Promise.all(notes.filter((n) => n.orderId === o.id).map(async (n) => pdf(await creditNoteDocument(db, { refundId: n.refundId }, options)))),
    });
  }
  const learners = await db.select().from(t.learnerVerifications).where(eq(t.learnerVerifications.userId, userId));
  const leads = await db.select({ createdAt: t.leads.createdAt, form: t.leadForms.name, values: t.leads.values, languageCode: t.leads.languageCode, countryCode: t.leads.countryCode, deliveredAt: t.leads.deliveredAt })
    .from(t.leads).innerJoin(t.leadForms, eq(t.leadForms.id, t.leads.formId)).where(and(isNotNull(t.leads.email), sql`lower(${t.leads.email}) = ${email}`));
  const analytics = await db.select({ name: t.analyticsEvents.name, occurredAt: t.analyticsEvents.occurredAt, pagePath: t.analyticsEvents.pagePath, body: t.analyticsEvents.body })
    .from(t.analyticsEvents).where(eq(t.analyticsEvents.userId, userId)).orderBy(t.analyticsEvents.occurredAt);
  const consents = await consentHistory(db, { id: userId, email });
  const requests = await db.select({ kind: t.dataRequests.kind, state: t.dataRequests.state, createdAt: t.dataRequests.createdAt, finishedAt: t.dataRequests.finishedAt }).from(t.dataRequests).where(eq(t.dataRequests.userId, userId));
  return {
    format: EXPORT_FORMAT,
    createdAt: (deps.now ?? (() => new Date()))().toISOString(),
    profile: { id: user.id, email: user.email, name: user.name, createdAt: user.createdAt, cloudAccountId: user.cloudAccountId },
    signInAccount: account ?? null,
    signInHistory: {
      sessions: sessions.map((s) => ({ signedInAt: typeof s.payload.loginTs === 'number' ? new Date(s.payload.loginTs * 1000).toISOString() : null, expiresAt: s.expiresAt })),
      knownAddresses: knownAddresses.map((k) => ({ lastSeenAt: k.lastSeenAt, note: 'the address itself is kept only as a keyed hash' })),
    },
    memberships: memberships.map(({ organizationId: _, ...m }) => m),
    administeredSubscriptions: subscriptions,
    savedPaymentMethods: savedMethods,
    orders,
    learnerVerifications: learners.map((l) => ({
      market: l.market, traineeType: l.traineeType, institution: l.institution, graduationYear: l.graduationYear, status: l.status,
      createdAt: l.createdAt, decidedAt: l.decidedAt, decisionNote: l.decisionNote, validUntil: l.validUntil,
      proof: { filename: l.proofName, contentType: l.proofContentType, base64: l.proof.toString('base64') },
    })),
    leads,
    analyticsEvents: analytics,
    consents: consents.map((c) => ({
      purpose: c.purpose, granted: c.granted, recordedAt: c.createdAt, textVersion: c.textVersion, source: c.source, locale: c.locale,
      subject: c.userId ? 'account' : c.email ? 'e-mail' : 'browser',
    })),
    dataRequests: requests,
  };
}

/**
 * Runs one export request: builds the archive, keeps it with the SHA-256 of a new download token until
 * the link expires, and writes the e-mail with the link to the outbox, all in one transaction (a crash
 * before it leaves the request to run again; after it, the request is DONE and a redelivery does nothing).
 */
export async function runExport(deps: ExportDeps, requestId: string, language: UrlLanguage): Promise<void> {
  const { db } = deps;
  const now = (deps.now ?? (() => new Date()))();
  const [request] = await db.select().from(t.dataRequests).where(and(eq(t.dataRequests.id, requestId), eq(t.dataRequests.kind, 'EXPORT')));
  if (!request || request.state === 'DONE' || request.state === 'REFUSED') return;
  const archive = await buildArchive(deps, request.userId);
  const [user] = await db.select({ email: t.users.email }).from(t.users).where(eq(t.users.id, request.userId));
  if (!archive || !user) {
    await db.update(t.dataRequests).set({ state: 'REFUSED', refusal: 'The account no longer exists.', finishedAt: now }).where(eq(t.dataRequests.id, requestId));
    return;
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + EXPORT_LINK_HOURS * 3_600_000);
  const mail = renderExportMail({ language, url: `${deps.publicUrl}/privacy/export/${token}`, expiresAt });
  await db.transaction(async (tx) => {
    const done = await tx.update(t.dataRequests)
      .set({ state: 'DONE', archive: Buffer.from(JSON.stringify(archive)), downloadTokenHash: exportTokenHash(token), downloadExpiresAt: expiresAt, finishedAt: now, steps: ['archive', 'mail'] })
      .where(and(eq(t.dataRequests.id, requestId), inArray(t.dataRequests.state, ['PENDING', 'RUNNING']))).returning({ id: t.dataRequests.id });
    if (done.length) await tx.insert(t.outbox).values({ topic: 'mail.send', payload: { to: user.email, locale: language, ...mail } });
  });
}

/** The archive behind a download token while its link works, or null (unknown, expired, erased since). */
export async function exportByToken(db: Database, token: string, now = new Date()): Promise<Buffer | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db.update(t.dataRequests).set({ downloadedAt: now })
    .where(and(eq(t.dataRequests.downloadTokenHash, exportTokenHash(token)), gt(t.dataRequests.downloadExpiresAt, now), isNotNull(t.dataRequests.archive)))
    .returning({ archive: t.dataRequests.archive });
  return row?.archive ?? null;
}

/** The outbox handler of `privacy.export`. */
export const exportHandler = (deps: ExportDeps) => async (job: { payload: unknown }): Promise<void> => {
  const { requestId, language } = job.payload as { requestId: string; language: UrlLanguage };
  await runExport(deps, requestId, language);
};
