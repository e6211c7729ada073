import { payPayLink, startPayLinkPayment, viewPayLink, type DraftError, type PayLinkView } from '../../modules/draft-orders/index.ts';
import { CHECKOUT_ERROR_CODES, fail, type CheckoutError } from '../../modules/checkout/index.ts';
import { builder } from '../builder.ts';
import type { GraphQLContext } from '../context.ts';
import { byToken, nullIsMiss, tokenNotFound } from '../limits.ts';
import { Address, CheckoutErrorRef, vatCheckerOf } from './checkout.ts';
import { CardInput, PaymentStartPayload } from './orders.ts';

const PayLinkLine = builder.objectRef<PayLinkView['draft']['lines'][number]>('PayLinkLine').implement({
  fields: (t) => ({
    name: t.exposeString('name'), sku: t.exposeString('sku'), quantity: t.exposeInt('quantity'),
    total: t.int({ description: 'Gross, minor units', resolve: (l) => l.totalGross }),
  }),
});

const PayLink = builder.objectRef<PayLinkView>('PayLink').implement({
  description: 'An order the store wrote for the buyer (a phone or e-mail sale), opened by its pay link (issue 35).',
  fields: (t) => ({
    state: t.string({ description: 'OPEN (can be paid), PAID, CANCELLED (nothing to pay; its invoice, if any, is void) or EXPIRED', resolve: (v) => v.state }),
    number: t.string({ description: 'The draft\'s number (D-00001)', resolve: (v) => v.number }),
    orderNumber: t.string({ nullable: true, description: 'The order it became once paid', resolve: (v) => v.draft.orderNumber }),
    orderToken: t.string({ nullable: true, description: 'The order\'s token once paid (its confirmation page)', resolve: (v) => (v.state === 'PAID' ? v.draft.orderToken : null) }),
    email: t.string({ resolve: (v) => v.draft.email }),
    currency: t.string({ resolve: (v) => v.draft.currency }),
    lines: t.field({ type: [PayLinkLine], resolve: (v) => (v.state === 'OPEN' || v.state === 'PAID' ? v.draft.lines : []) }),
    subtotal: t.int({ resolve: (v) => v.draft.subtotal }),
    shipping: t.int({ resolve: (v) => v.draft.shipping }),
    tax: t.int({ resolve: (v) => v.draft.tax }),
    total: t.int({ description: 'Gross, minor units: send it back as expectedTotal', resolve: (v) => v.draft.total }),
    shippingAddress: t.field({ type: Address, nullable: true, resolve: (v) => (v.draft.shippingAddress && v.state === 'OPEN' ? { ...v.draft.shippingAddress, language: v.draft.language } : null) }),
    requiredAttestations: t.stringList({ resolve: (v) => [...v.draft.requiredAttestations] }),
    expiresAt: t.string({ nullable: true, resolve: (v) => v.draft.linkExpiresAt?.toISOString() ?? null }),
    publishableKey: t.string({ nullable: true, description: 'Stripe mode: the page pays in Stripe\'s Payment Element (payLinkPaymentStart), not the test card form.', resolve: (_v, _a, ctx) => ctx.gateway.clientConfig().publishableKey ?? null }),
  }),
});

const PayLinkPayload = builder.objectRef<{ payLink: PayLinkView | null; errors: CheckoutError[] }>('PayLinkPayPayload').implement({
  fields: (t) => ({
    payLink: t.field({ type: PayLink, nullable: true, resolve: (p) => p.payLink }),
    errors: t.field({ type: [CheckoutErrorRef], resolve: (p) => p.errors }),
  }),
});

const depsOf = (ctx: GraphQLContext) => ({ db: ctx.db, catalogue: ctx.catalogue, now: ctx.now, log: ctx.log, gateway: ctx.gateway, vat: vatCheckerOf(ctx) });
/** A cancelled or expired link is an operation not allowed (the page reads which from the link's state). */
const codeOf = (code: string): CheckoutError['code'] => ((CHECKOUT_ERROR_CODES as readonly string[]).includes(code) ? code as CheckoutError['code'] : 'OPERATION_NOT_ALLOWED');
const checkoutErrors = (errors: DraftError[]): CheckoutError[] => errors.map((e) => fail(codeOf(e.code), e.field, e.message));

builder.queryField('payLink', (t) => t.field({
  type: PayLink,
  nullable: true,
  description: 'A pay link by its token (256 random bits; only its hash is stored). An unknown token counts as a miss on the token lookup limit.',
  args: { token: t.arg.string({ required: true }) },
  resolve: (_root, { token }, ctx) => byToken(ctx, token, () => viewPayLink(depsOf(ctx), token), nullIsMiss),
}));

builder.mutationField('payLinkPay', (t) => t.field({
  type: PayLinkPayload,
  description: 'Pays a pay link by card: the order is placed as a checkout\'s (invoice, confirmation e-mail) and charged once, however many times this is called.',
  args: {
    token: t.arg.string({ required: true }), card: t.arg({ type: CardInput, description: 'The test gateway\'s form; none once the intent of payLinkPaymentStart was paid in Stripe\'s Payment Element.' }),
    attestations: t.arg.stringList({ defaultValue: [] }), expectedTotal: t.arg.int(),
  },
  resolve: async (_root, a, ctx) => {
    const result = await byToken(ctx, a.token, () => payPayLink(depsOf(ctx), { token: a.token, card: a.card ?? null, attestations: a.attestations ?? [], expectedTotal: a.expectedTotal ?? null }), tokenNotFound);
    return { payLink: result.view, errors: checkoutErrors(result.errors) };
  },
}));

builder.mutationField('payLinkPaymentStart', (t) => t.field({
  type: PaymentStartPayload,
  description: 'With Stripe: the draft\'s checkout gets the card method, the attestations and an intent for its Payment Element; paid, payLinkPay (no card) places it. With the test gateway: nothing (its card form pays).',
  args: { token: t.arg.string({ required: true }), attestations: t.arg.stringList({ defaultValue: [] }), expectedTotal: t.arg.int() },
  resolve: async (_root, a, ctx) => {
    const result = await byToken(ctx, a.token, () => startPayLinkPayment(depsOf(ctx), { token: a.token, attestations: a.attestations ?? [], expectedTotal: a.expectedTotal ?? null }), tokenNotFound);
    return { clientSecret: result.clientSecret, errors: checkoutErrors(result.errors) };
  },
}));
