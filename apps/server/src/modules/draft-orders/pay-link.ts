import { createHash, randomBytes } from 'node:crypto';
import { schema } from '@probe/db';
import { formatMinor, isUrlLanguage, type UrlLanguage } from '@probe/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MAIL_TOPIC } from '../../mail/index.ts';
import { mailLocale, renderLinkMail } from '../../mail/link-mail.ts';
import type { PaymentGateway } from '../payments/index.ts';
import { beforePlaceOrder, placeOrder } from '../orders/index.ts';
import { audit, type Actor } from '../staff/index.ts';
import { DraftRefusal, lockOpen, type DraftDeps, type DraftError } from './drafts.ts';
import { messages, type MessageKey } from './i18n/catalogues.ts';
import { draftNumber, summarize, type DraftSummary } from './summary.ts';

/** How long a pay link works after it is sent. */
export const PAY_LINK_TTL_MS = 14 * 24 * 3600 * 1000;
/** The storefront's pay-link page, under the market's /{cc}/{lang}/. */
export const PAY_LINK_PATH = 'pay';

export const hashPayToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a pay link opens on: OPEN (it can be paid), PAID, CANCELLED (the draft, or the order made of it), EXPIRED. */
export type PayLinkState = 'OPEN' | 'PAID' | 'CANCELLED' | 'EXPIRED';
export interface PayLinkView { state: PayLinkState; number: string; draft: DraftSummary }

/**
 * E-mails the buyer a pay link (through the outbox, in the draft's language, in the transaction that stores
 * it): 32 random bytes, only their SHA-256 kept, working PAY_LINK_TTL_MS. Sending again makes a new link and
 * the old one stops working. Refused for a cancelled or paid draft.
 */
export async function sendPayLink(deps: DraftDeps & { publicUrl: string }, actor: Actor, id: number): Promise<{ draft: DraftSummary | null; errors: DraftError[] }> {
  // Priced before the transaction (the embedded database has one connection): the e-mail's total is the page's.
  const [current] = await deps.db.select().from(schema.draftOrders).where(eq(schema.draftOrders.id, id));
  const summary = current ? await summarize(deps, current) : null;
  try {
    await deps.db.transaction(async (tx) => {
      const { draft, old } = await lockOpen(tx, id);
      if (draft.status === 'CANCELLED') throw new DraftRefusal([{ field: 'id', code: 'OPERATION_NOT_ALLOWED', message: 'A cancelled draft cannot be sent.' }]);
      if (!summary?.lines.length) throw new DraftRefusal([{ field: 'lines', code: 'PRODUCTS_ARE_CHANGED', message: 'None of its items is sold in its market any more: change the draft first.' }]);
      const token = randomBytes(32).toString('base64url');
      const now = deps.now();
      const expiresAt = new Date(now.getTime() + PAY_LINK_TTL_MS);
      await tx.update(schema.draftOrders).set({ status: 'SENT', linkTokenHash: hashPayToken(token), linkExpiresAt: expiresAt, linkSentAt: now, updatedAt: sql`now()` })
        .where(eq(schema.draftOrders.id, id));
      const language: UrlLanguage = isUrlLanguage(old.language) ? old.language : 'en';
      const url = `${deps.publicUrl}/${old.country.toLowerCase()}/${old.language}/${PAY_LINK_PATH}/${token}/`;
      const mail = renderPayLinkMail({ language, number: draftNumber(id), total: summary.total, currency: summary.currency, url, expiresAt });
      await tx.insert(schema.outbox).values({ topic: MAIL_TOPIC, payload: { to: old.email, locale: language, ...mail } });
      await audit(tx, actor, 'draft_order.send_link', `draft-order:${draftNumber(id)}`, { status: draft.status, linkExpiresAt: draft.linkExpiresAt?.toISOString() ?? null },
        { status: 'SENT', to: old.email, linkExpiresAt: expiresAt.toISOString() });
    });
  } catch (error) {
    if (error instanceof DraftRefusal) return { draft: null, errors: error.errors };
    throw error;
  }
  const [row] = await deps.db.select().from(schema.draftOrders).where(eq(schema.draftOrders.id, id));
  return { draft: row ? await summarize(deps, row) : null, errors: [] };
}

export function renderPayLinkMail(mail: { language: UrlLanguage; number: string; total: number; currency: string; url: string; expiresAt: Date }) {
  const locale = mailLocale(mail.language);
  const values = {
    number: mail.number,
    total: formatMinor(mail.total, mail.currency, locale),
    date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(mail.expiresAt),
  };
  const t = (key: MessageKey) => messages.format(mail.language, key, values);
  return renderLinkMail({
    language: mail.language, subject: t('payLinkSubject'), greeting: t('payLinkGreeting'), body: t('payLinkBody'),
    link: { label: t('payLinkButton'), url: mail.url }, notes: [t('payLinkExpiry'), t('payLinkIgnore')], signoff: t('signoff'),
  });
}

/** The draft a pay link's token opens, and its state; null for a token no draft has (a wrong or replaced link). */
export async function viewPayLink(deps: DraftDeps, token: string): Promise<PayLinkView | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await deps.db.select().from(schema.draftOrders).where(eq(schema.draftOrders.linkTokenHash, hashPayToken(token)));
  const draft = row ? await summarize(deps, row) : null;
  if (!row || !draft) return null;
  const state: PayLinkState = draft.state === 'PAID' ? (draft.orderCancelled ? 'CANCELLED' : 'PAID')
    : draft.state === 'CANCELLED' ? 'CANCELLED'
      : row.linkExpiresAt && row.linkExpiresAt.getTime() <= deps.now().getTime() ? 'EXPIRED' : 'OPEN';
  return { state, number: draftNumber(row.id), draft };
}

export interface PayInput {
  token: string;
  /**
   * The test gateway's card form; null once the buyer paid the intent payLinkPaymentStart made in Stripe's
   * Payment Element (the placement then reads it, with the method and attestations the start stored).
   */
  card: { number: string; expMonth: number; expYear: number; cvc: string } | null;
  attestations: string[];
  /** The total the page showed (gross, minor units): another total now is PRICES_ARE_CHANGED, nothing charged. */
  expectedTotal: number | null;
}

/**
 * Pays a pay link by card: its draft's checkout is placed as any checkout (placeOrder: the order, its
 * invoice, its confirmation e-mail, the charge), with the draft's own idempotency key, so two payments at
 * once (two tabs) make one order and one charge: the second waits for the checkout's lock and answers with
 * the first one's order. A paid link answers PAID again without charging; a cancelled or expired one is refused.
 */
export async function payPayLink(
  deps: DraftDeps & { gateway: PaymentGateway; log: FastifyBaseLogger },
  input: PayInput,
): Promise<{ view: PayLinkView | null; errors: DraftError[] }> {
  const view = await viewPayLink(deps, input.token);
  if (!view) return { view: null, errors: [{ field: 'token', code: 'NOT_FOUND', message: 'This pay link is not valid.' }] };
  const refused = refusalOf(view);
  if (refused || view.state === 'PAID') return { view, errors: refused ? [refused] : [] };
  // With Stripe a card is typed in its Payment Element only (startPayLinkPayment): a number sent here is not used.
  if (input.card && deps.gateway.name !== 'test') return { view, errors: [{ field: 'payment', code: 'PAYMENT_NOT_FOUND', message: 'Pay in the payment form' }] };
  const row = await checkoutOf(deps, input.token);
  const orderDeps = placementDeps(deps);
  const prepared = input.card ? await beforePlaceOrder(orderDeps, { token: row.token, paymentMethod: 'CREDIT_CARD', attestations: input.attestations.slice(0, 20) }) : { errors: [] };
  const placed = prepared.errors.length ? { errors: prepared.errors } : await placeOrder(orderDeps, {
    token: row.token, idempotencyKey: `draft-order:${row.id}`, expectedTotal: input.expectedTotal, card: input.card,
  });
  // Whatever it answered, a payment that got there first (another tab) or a cancel that did are what the link now says.
  const after = await viewPayLink(deps, input.token);
  if (after?.state === 'PAID') return { view: after, errors: [] };
  const cancelled = after && refusalOf(after);
  if (cancelled) return { view: after, errors: [cancelled] };
  return { view: after, errors: placed.errors.map((e) => ({ field: e.field ?? null, code: e.code, message: e.message })) };
}

/** The draft's checkout, by its pay link's token (the link was found). */
async function checkoutOf(deps: DraftDeps, token: string): Promise<{ id: number; token: string }> {
  const [row] = await deps.db.select({ id: schema.draftOrders.id, token: schema.checkouts.token }).from(schema.draftOrders)
    .innerJoin(schema.checkouts, eq(schema.checkouts.id, schema.draftOrders.checkoutId)).where(eq(schema.draftOrders.linkTokenHash, hashPayToken(token)));
  return row!;
}

/** VIES is asked again at placement for a draft's VAT number, as for the storefront's checkouts (when the caller gives a checker). */
function placementDeps(deps: DraftDeps & { gateway: PaymentGateway; log: FastifyBaseLogger }) {
  return { db: deps.db, catalogue: deps.catalogue, gateway: deps.gateway, now: deps.now, log: deps.log, userId: null, ...(deps.vat ? { vat: deps.vat } : {}) };
}

/**
 * With Stripe, paying a link starts as a checkout's payment does: the draft's checkout gets the card method,
 * the buyer's attestations and an intent (beforePlaceOrder), whose secret the page's Payment Element confirms;
 * Stripe then sends the buyer back to the page, which places it (payPayLink without a card). The test gateway
 * answers no intent: its card form pays in one call.
 */
export async function startPayLinkPayment(
  deps: DraftDeps & { gateway: PaymentGateway; log: FastifyBaseLogger },
  input: Omit<PayInput, 'card'>,
): Promise<{ clientSecret: string | null; errors: DraftError[] }> {
  const view = await viewPayLink(deps, input.token);
  if (!view) return { clientSecret: null, errors: [{ field: 'token', code: 'NOT_FOUND', message: 'This pay link is not valid.' }] };
  const refused = view.state === 'PAID' ? { field: 'token', code: 'OPERATION_NOT_ALLOWED', message: 'This order has been paid.' } : refusalOf(view);
  if (refused) return { clientSecret: null, errors: [refused] };
  if (input.expectedTotal !== null && input.expectedTotal !== view.draft.total) {
    return { clientSecret: null, errors: [{ field: 'expectedTotal', code: 'PRICES_ARE_CHANGED', message: 'Prices have changed since you reviewed your order' }] };
  }
  if (deps.gateway.name !== 'stripe') return { clientSecret: null, errors: [] };
  const row = await checkoutOf(deps, input.token);
  const prepared = await beforePlaceOrder(placementDeps(deps), { token: row.token, paymentMethod: 'CREDIT_CARD', attestations: input.attestations.slice(0, 20) });
  if (prepared.errors.length) return { clientSecret: null, errors: prepared.errors.map((e) => ({ field: e.field ?? null, code: e.code, message: e.message })) };
  return { clientSecret: prepared.intent?.clientSecret ?? null, errors: [] };
}

function refusalOf(view: PayLinkView): DraftError | null {
  if (view.state === 'CANCELLED') return { field: 'token', code: 'CANCELLED', message: 'This order was cancelled: nothing is to be paid.' };
  if (view.state === 'EXPIRED') return { field: 'token', code: 'EXPIRED', message: 'This pay link has expired: ask the store for a new one.' };
  return null;
}

export { draftNumber };
