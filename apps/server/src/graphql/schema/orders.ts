import { schema as tables } from '@probe/db';
import { CHARGE_STATUSES, INVOICE_STATUSES, type Currency } from '@probe/domain';
import { eq } from 'drizzle-orm';
import { builder } from '../builder.ts';
import type { GraphQLContext } from '../context.ts';
import { Money, TaxedMoney } from '../money.ts';
import { byToken, nullIsMiss, tokenNotFound } from '../limits.ts';
import { creditNoteNumber } from '../../modules/documents/index.ts';
import { Address, CheckoutErrorRef, PaymentMethodTypeEnum, payload, servicesOf, Checkout, checkoutChange, vatCheckerOf } from './checkout.ts';
import { isUuid, type CheckoutError } from '../../modules/checkout/index.ts';
import type { CatalogueSnapshot, CatalogueVariant } from '../../modules/catalogue/index.ts';
import { ProductVariant } from './catalogue.ts';
import { CARRIERS, FULFILMENT_STATES, PAYMENT_STATES, placeOrder, type CarrierCode, type OrderDetails, type OrderRow, type ShipmentWithLines, beforePlaceOrder, payInvoice, payOrder, startInvoicePayment, startOrderPayment, type PaymentStart } from '../../modules/orders/index.ts';

const ChargeStatusEnum = builder.enumType('ChargeStatus', { values: CHARGE_STATUSES });
const InvoiceStatusEnum = builder.enumType('InvoiceStatus', { values: INVOICE_STATUSES });
const OrderPaymentStateEnum = builder.enumType('OrderPaymentState', {
  description: 'What the payment has come to, from its payments and refunds: not paid yet, being confirmed, paid, partly refunded, refunded.',
  values: PAYMENT_STATES,
});
const OrderFulfilmentStateEnum = builder.enumType('OrderFulfilmentState', {
  description: 'What has been sent: nothing to ship (subscriptions, warranties), not shipped yet, partly shipped, shipped, partly returned (some of what was sent is back), returned (all of it).',
  values: FULFILMENT_STATES,
});

type Details = OrderDetails;
/** An order; its lines, payments and invoice are read by the request's loaders, only when a selected field needs them, for all the orders of an answer at once. */
interface OrderNode { order: OrderRow }

const moneyOf = (order: OrderRow, amount: number) => ({ currency: order.currency as Currency, amount });

/** The variants of a catalogue snapshot by id, built once per snapshot (snapshots are shared and immutable). */
const variantsById = new WeakMap<CatalogueSnapshot, Map<number, CatalogueVariant>>();
function variantById(snapshot: CatalogueSnapshot, id: number): CatalogueVariant | null {
  let byId = variantsById.get(snapshot);
  if (!byId) {
    byId = new Map([...snapshot.variantBySku.values()].map((v) => [v.id, v]));
    variantsById.set(snapshot, byId);
  }
  return byId.get(id) ?? null;
}

const OrderLine = builder.objectRef<{ line: Details['lines'][number]; order: OrderRow }>('OrderLine').implement({
  fields: (t) => ({
    productRawName: t.string({ resolve: ({ line }) => line.productName }),
    variantName: t.string({ resolve: ({ line }) => line.variantName }),
    productSku: t.string({ resolve: ({ line }) => line.productSku }),
    productTypeName: t.string({ resolve: ({ line }) => line.productTypeName }),
    quantity: t.int({ resolve: ({ line }) => line.quantity }),
    isFreeItemLine: t.boolean({ resolve: ({ line }) => line.isFree }),
    variant: t.field({
      type: ProductVariant,
      nullable: true,
      description: "The variant the line was bought as, from the catalogue of the order's country and language as it is now (the request's snapshot, read once for all lines); null when the variant no longer exists or is no longer sold there. The line's own name, SKU and prices are what was bought.",
      resolve: async ({ line, order }, _a, ctx) => {
        if (line.variantId === null) return null;
        const snapshot = await ctx.catalogue.snapshot(order.country, order.language);
        const v = snapshot ? variantById(snapshot, line.variantId) : null;
        return v && snapshot ? { v, root: { snapshot, voucherCode: null, voucherStatus: null, voucher: null, now: ctx.now() } } : null;
      },
    }),
    thumbnail: t.string({ nullable: true, resolve: ({ line }) => (line.thumbnail ? `/media/${line.thumbnail}?size=128` : null) }),
    unitPrice: t.field({ type: TaxedMoney, resolve: ({ line, order }) => ({ currency: order.currency as Currency, net: line.unitNet, tax: line.unitGross - line.unitNet, gross: line.unitGross }) }),
    undiscountedUnitPrice: t.field({ type: Money, resolve: ({ line, order }) => moneyOf(order, line.undiscountedUnitGross) }),
    totalPrice: t.field({ type: TaxedMoney, resolve: ({ line, order }) => ({ currency: order.currency as Currency, net: line.totalNet, tax: line.totalGross - line.totalNet, gross: line.totalGross }) }),
  }),
});

const OrderPayment = builder.objectRef<Details['payments'][number]>('OrderPayment').implement({
  fields: (t) => ({
    gateway: t.exposeString('gateway'),
    method: t.field({ type: PaymentMethodTypeEnum, resolve: (p) => p.method as never }),
    status: t.exposeString('status'),
    ccBrand: t.exposeString('ccBrand', { nullable: true }),
    ccLastDigits: t.exposeString('ccLastDigits', { nullable: true }),
    ccExpMonth: t.exposeInt('ccExpMonth', { nullable: true }),
    ccExpYear: t.exposeInt('ccExpYear', { nullable: true }),
  }),
});

const Invoice = builder.objectRef<{ invoice: NonNullable<Details['invoice']>; order: OrderRow }>('Invoice').implement({
  fields: (t) => ({
    token: t.string({ resolve: ({ invoice }) => invoice.token }),
    status: t.field({ type: InvoiceStatusEnum, resolve: ({ invoice }) => invoice.status as never }),
    amount: t.field({ type: Money, resolve: ({ invoice, order }) => moneyOf(order, invoice.amount) }),
    dueAt: t.string({ resolve: ({ invoice }) => invoice.dueAt.toISOString() }),
    orderNumber: t.string({ resolve: ({ order }) => order.number }),
    orderToken: t.string({ resolve: ({ order }) => order.token }),
    orderCancelled: t.boolean({ description: 'The order was cancelled: the invoice is void and can no longer be paid.', resolve: ({ order }) => order.cancelledAt !== null }),
  }),
});

const OrderShipmentLine = builder.objectRef<{ line: Details['lines'][number] | undefined; quantity: number }>('OrderShipmentLine').implement({
  fields: (t) => ({
    productRawName: t.string({ resolve: ({ line }) => line?.productName ?? '' }),
    variantName: t.string({ resolve: ({ line }) => line?.variantName ?? '' }),
    productSku: t.string({ resolve: ({ line }) => line?.productSku ?? '' }),
    quantity: t.int({ resolve: ({ quantity }) => quantity }),
  }),
});

const OrderShipment = builder.objectRef<{ shipment: ShipmentWithLines; order: OrderRow }>('OrderShipment').implement({
  description: 'A parcel sent for the order.',
  fields: (t) => ({
    carrier: t.string({ description: 'The carrier\'s name; null when staff named none of the known carriers', nullable: true, resolve: ({ shipment }) => CARRIERS[shipment.carrier as CarrierCode]?.name ?? null }),
    trackingNumber: t.string({ resolve: ({ shipment }) => shipment.trackingNumber }),
    trackingUrl: t.string({ nullable: true, description: 'The carrier\'s tracking page for the parcel', resolve: ({ shipment }) => shipment.trackingUrl }),
    created: t.string({ resolve: ({ shipment }) => shipment.createdAt.toISOString() }),
    lines: t.field({
      type: [OrderShipmentLine],
      resolve: async ({ shipment, order }, _a, ctx) => {
        const lines = await ctx.loaders.orderLines.load(order.id);
        return shipment.lines.map((l) => ({ line: lines.find((x) => x.id === l.orderLineId), quantity: l.quantity }));
      },
    }),
  }),
});

const OrderCreditNote = builder.objectRef<{ number: number; amount: number; createdAt: Date; currency: string }>('OrderCreditNote').implement({
  description: 'A credit note: what a refund gave back, correcting the invoice. Its PDF is /documents/credit-note/{order token}/{number}.pdf.',
  fields: (t) => ({
    number: t.string({ resolve: (n) => creditNoteNumber(n.number) }),
    amount: t.field({ type: Money, resolve: (n) => ({ currency: n.currency, amount: n.amount }) }),
    created: t.string({ resolve: (n) => n.createdAt.toISOString() }),
  }),
});

const Voucher = builder.objectRef<NonNullable<OrderRow['voucher']> & { currency: string }>('Voucher').implement({
  fields: (t) => ({
    code: t.exposeString('code'),
    name: t.exposeString('name'),
    description: t.string({ nullable: true, resolve: () => null }),
    discountValue: t.float({ resolve: (v) => v.discountValue / 100 }),
    discount: t.field({ type: Money, resolve: (v) => ({ currency: v.currency, amount: v.discountValue }) }),
  }),
});

const OrderTradeIn = builder.objectRef<NonNullable<OrderRow['tradeIn']> & { currency: string }>('OrderTradeIn').implement({
  description: 'The probe traded in against the order and the credit it gave.',
  fields: (t) => ({
    deviceModel: t.exposeString('deviceModel'),
    serialNumber: t.exposeString('serialNumber'),
    credit: t.field({
      type: TaxedMoney,
      resolve: (v) => ({ currency: v.currency as Currency, net: v.creditNet, tax: v.credit - v.creditNet, gross: v.credit }),
    }),
  }),
});

const OrderOffer = builder.objectRef<{ name: string; discountValue: number; currency: string }>('OrderOffer').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    discountValue: t.float({ resolve: (o) => o.discountValue / 100 }),
    discount: t.field({ type: Money, resolve: (o) => ({ currency: o.currency, amount: o.discountValue }) }),
  }),
});

export const Order = builder.objectRef<OrderNode>('Order').implement({
  fields: (t) => ({
    id: t.id({ resolve: ({ order }) => Buffer.from(`Order:${order.token}`).toString('base64') }),
    token: t.string({ resolve: ({ order }) => order.token }),
    number: t.string({ resolve: ({ order }) => order.number }),
    created: t.string({ resolve: ({ order }) => order.createdAt.toISOString() }),
    userEmail: t.string({ resolve: ({ order }) => order.email }),
    country: t.string({ resolve: ({ order }) => order.country }),
    languageCode: t.string({ resolve: ({ order }) => order.language }),
    bundleType: t.string({ resolve: ({ order }) => order.bundleType }),
    paymentMethod: t.field({ type: PaymentMethodTypeEnum, resolve: ({ order }) => order.paymentMethod as never }),
    paymentStatus: t.field({ type: ChargeStatusEnum, resolve: ({ order }) => order.chargeStatus as never }),
    paymentState: t.field({ type: OrderPaymentStateEnum, resolve: async ({ order }, _a, ctx) => (await ctx.loaders.orderStates.load(order.id)).paymentState }),
    fulfilmentState: t.field({ type: OrderFulfilmentStateEnum, resolve: async ({ order }, _a, ctx) => (await ctx.loaders.orderStates.load(order.id)).fulfilmentState }),
    cancelled: t.boolean({ description: 'Cancelled by the store: nothing is to be paid, its invoice is void.', resolve: ({ order }) => order.cancelledAt !== null }),
    creditNotes: t.field({
      type: [OrderCreditNote],
      description: 'The credit notes of its refunds, oldest first.',
      resolve: async ({ order }, _a, ctx) => (await ctx.loaders.orderCreditNotes.load(order.id)).map((n) => ({ number: n.number, amount: n.amount, createdAt: n.createdAt, currency: order.currency })),
    }),
    shipments: t.field({
      type: [OrderShipment],
      resolve: async ({ order }, _a, ctx) => (await ctx.loaders.orderShipments.load(order.id)).map((shipment) => ({ shipment, order })),
    }),
    lines: t.field({ type: [OrderLine], resolve: async ({ order }, _a, ctx) => (await ctx.loaders.orderLines.load(order.id)).map((line) => ({ line, order })) }),
    payments: t.field({ type: [OrderPayment], resolve: ({ order }, _a, ctx) => ctx.loaders.orderPayments.load(order.id) }),
    invoice: t.field({
      type: Invoice,
      nullable: true,
      resolve: async ({ order }, _a, ctx) => {
        const invoice = await ctx.loaders.orderInvoice.load(order.id);
        return invoice ? { invoice, order } : null;
      },
    }),
    voucher: t.field({ type: Voucher, nullable: true, resolve: ({ order }) => (order.voucher ? { ...order.voucher, currency: order.currency } : null) }),
    tradeIn: t.field({ type: OrderTradeIn, nullable: true, resolve: ({ order }) => (order.tradeIn ? { ...order.tradeIn, currency: order.currency } : null) }),
    offers: t.field({ type: [OrderOffer], resolve: ({ order }) => order.offers.map((o) => ({ ...o, currency: order.currency })) }),
    subtotal: t.field({ type: TaxedMoney, resolve: ({ order }) => ({ currency: order.currency as Currency, net: order.subtotalNet, tax: order.subtotalGross - order.subtotalNet, gross: order.subtotalGross }) }),
    shippingPrice: t.field({ type: TaxedMoney, resolve: ({ order }) => ({ currency: order.currency as Currency, net: order.shippingNet, tax: order.shippingGross - order.shippingNet, gross: order.shippingGross }) }),
    discount: t.field({ type: Money, resolve: ({ order }) => moneyOf(order, order.discount) }),
    total: t.field({ type: TaxedMoney, resolve: ({ order }) => ({ currency: order.currency as Currency, net: order.totalNet, tax: order.totalTax, gross: order.totalGross }) }),
    totalSavings: t.field({ type: Money, resolve: ({ order }) => moneyOf(order, order.totalSavings) }),
    estimatedDuty: t.field({ type: Money, nullable: true, resolve: ({ order }) => (order.estimatedDuty === null ? null : moneyOf(order, order.estimatedDuty)) }),
    vatRegistrationNumber: t.string({ nullable: true, resolve: ({ order }) => order.vatNumber }),
    taxExemption: t.boolean({ resolve: ({ order }) => order.reverseCharge }),
    shippingMethod: t.string({ nullable: true, resolve: ({ order }) => order.shippingMethod }),
    shippingAddress: t.field({
      type: Address,
      nullable: true,
      description: 'Where it is shipped (null when nothing is shipped); to the signed-in buyer who placed it only, never through the token alone.',
      resolve: async ({ order }, _a, ctx) => (order.shippingAddress && (await ownedByViewer(ctx, order)) ? { ...order.shippingAddress, language: order.language } : null),
    }),
    billingAddress: t.field({
      type: Address,
      nullable: true,
      description: 'The billing address; to the signed-in buyer who placed it only, never through the token alone.',
      resolve: async ({ order }, _a, ctx) => ((await ownedByViewer(ctx, order)) ? { ...order.billingAddress, language: order.language } : null),
    }),
    displayGrossPrices: t.boolean({
      description: 'The VAT flag of the order\'s country: show amounts with tax included.',
      resolve: async ({ order }, _args, ctx) => (await ctx.catalogue.snapshot(order.country, order.language))?.country.displayGrossPrices ?? true,
    }),
  }),
});

/** Whether the signed-in viewer placed the order (its addresses are theirs to read). */
async function ownedByViewer(ctx: GraphQLContext, order: OrderRow): Promise<boolean> {
  if (!order.userId) return false;
  return (await ctx.viewer())?.id === order.userId;
}

export function orderNode(_ctx: GraphQLContext, order: OrderRow | undefined | null): OrderNode | null {
  return order ? { order } : null;
}

const PlaceOrderPayload = builder.objectRef<{ order: OrderNode | null; errors: CheckoutError[] }>('PlaceOrderPayload').implement({
  fields: (t) => ({
    order: t.field({ type: Order, nullable: true, resolve: (p) => p.order }),
    errors: t.field({ type: [CheckoutErrorRef], resolve: (p) => p.errors }),
  }),
});

const InvoicePayload = builder.objectRef<{ invoice: { invoice: NonNullable<Details['invoice']>; order: OrderRow } | null; errors: CheckoutError[] }>('InvoicePayload').implement({
  fields: (t) => ({
    invoice: t.field({ type: Invoice, nullable: true, resolve: (p) => p.invoice }),
    errors: t.field({ type: [CheckoutErrorRef], resolve: (p) => p.errors }),
  }),
});

export const PaymentStartPayload = builder.objectRef<PaymentStart>('PaymentStartPayload').implement({
  description: 'Paying an invoice, a failed order or a pay link: with Stripe, the intent its Payment Element confirms; with the test gateway, nothing (its card form pays: invoicePay, orderPay, payLinkPay).',
  fields: (t) => ({
    clientSecret: t.string({ nullable: true, resolve: (p) => p.clientSecret }),
    publishableKey: t.string({ nullable: true, description: 'Stripe mode: the key the Payment Element confirms with.', resolve: (p, _a, ctx) => (p.clientSecret ? ctx.gateway.clientConfig().publishableKey ?? null : null) }),
    errors: t.field({ type: [CheckoutErrorRef], resolve: (p) => p.errors }),
  }),
});

export const CardInput = builder.inputType('TestCardInput', {
  description: 'Card details for the offline test gateway\'s own form only (with Stripe, the card is entered in Stripe\'s Payment Element and never reaches us).',
  fields: (t) => ({ number: t.string({ required: true }), expMonth: t.int({ required: true }), expYear: t.int({ required: true }), cvc: t.string({ required: true }) }),
});

/** What placing and paying need, for the requester of this request. */
function orderDeps(ctx: GraphQLContext) {
  return { db: ctx.db, catalogue: ctx.catalogue, gateway: ctx.gateway, now: ctx.now, log: ctx.log, userId: ctx.requester().userId, vat: vatCheckerOf(ctx), ...(ctx.recentCheckouts ? { recent: ctx.recentCheckouts } : {}) };
}

async function invoiceByToken(ctx: GraphQLContext, token: string) {
  if (!isUuid(token)) return null;
  const [invoice] = await ctx.db.select().from(tables.invoices).where(eq(tables.invoices.token, token));
  if (!invoice) return null;
  const [order] = await ctx.db.select().from(tables.orders).where(eq(tables.orders.id, invoice.orderId));
  return { invoice, order: order! };
}

builder.queryFields((t) => ({
  orderByToken: t.field({
    type: Order,
    nullable: true,
    description: 'An order by its token (confirmation and payment pages). The token is the access key: 122 random bits.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, { token }, ctx) => byToken(ctx, token, async () => {
      if (!isUuid(token)) return null;
      const [order] = await ctx.db.select().from(tables.orders).where(eq(tables.orders.token, token));
      return order ? orderNode(ctx, order) : null;
    }, nullIsMiss),
  }),
  invoiceByToken: t.field({
    type: Invoice,
    nullable: true,
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, { token }, ctx) => byToken(ctx, token, () => invoiceByToken(ctx, token), nullIsMiss),
  }),
}));

builder.mutationFields((t) => ({
  checkoutBeforePlaceOrder: t.field({
    type: builder.objectRef<Awaited<ReturnType<typeof payload>> & { intent: { clientSecret: string | null; redirectUrl: string | null } | null }>('BeforePlaceOrderPayload').implement({
      fields: (f) => ({
        checkout: f.field({ type: Checkout, nullable: true, resolve: (p) => (p.checkout ? { ...p.checkout, now: p.now, gatewayConfig: p.gatewayConfig, intent: p.intent } : null) }),
        errors: f.field({ type: [CheckoutErrorRef], resolve: (p) => p.errors }),
      }),
    }),
    description: 'CheckoutBeforePlaceOrderMutation: checks the attestations and everything else, stores the method, creates the payment intent.',
    args: {
      token: t.arg.string({ required: true }), paymentMethod: t.arg({ type: PaymentMethodTypeEnum, required: true }), attestations: t.arg.stringList({ required: true }),
      savedPaymentMethodId: t.arg.id({ description: 'One of Checkout.savedPaymentMethods, of the kind paymentMethod names: charged at placement, no intent is made.' }),
    },
    resolve: async (_root, a, ctx) => {
      const savedPaymentMethodId = a.savedPaymentMethodId ? String(a.savedPaymentMethodId) : null;
      const result = await checkoutChange(ctx, a.token, () => beforePlaceOrder(orderDeps(ctx), { token: a.token, paymentMethod: a.paymentMethod, attestations: a.attestations.slice(0, 20), savedPaymentMethodId }));
      // Priced as the change left it (or as read for the refusal), without reading it again.
      const checkout = result.checkout ? await servicesOf(ctx).price(result.checkout) : await servicesOf(ctx).get(a.token);
      return { ...(await payload(ctx, { checkout, errors: result.errors })), intent: result.intent };
    },
  }),
  checkoutPlaceOrder: t.field({
    type: PlaceOrderPayload,
    description: 'CheckoutPlaceOrder: idempotent by key (a replay returns the same order); a total other than expectedTotal gives PRICES_ARE_CHANGED and charges nothing.',
    args: {
      token: t.arg.string({ required: true }),
      idempotencyKey: t.arg.string({ required: true }),
      expectedTotal: t.arg.int({ description: 'The total (gross, minor units) the buyer was shown.' }),
      card: t.arg({ type: CardInput }),
      savedPaymentMethodId: t.arg.id({ description: 'Pays with this one of Checkout.savedPaymentMethods (the organization\'s, its admin buying): no card is typed.' }),
    },
    resolve: async (_root, a, ctx) => {
      const savedPaymentMethodId = a.savedPaymentMethodId ? String(a.savedPaymentMethodId) : null;
      const result = await checkoutChange(ctx, a.token, () => placeOrder(orderDeps(ctx), { token: a.token, idempotencyKey: a.idempotencyKey, expectedTotal: a.expectedTotal ?? null, card: a.card ?? null, savedPaymentMethodId }));
      return { order: orderNode(ctx, result.order), errors: result.errors };
    },
  }),
  orderPay: t.field({
    type: PlaceOrderPayload,
    description: 'Pays by card an order whose asynchronous payment failed (order payment page).',
    args: { token: t.arg.string({ required: true }), card: t.arg({ type: CardInput, required: true }) },
    resolve: async (_root, a, ctx) => {
      const result = await byToken(ctx, a.token, () => payOrder(orderDeps(ctx), { token: a.token, card: a.card }), tokenNotFound);
      const [order] = isUuid(a.token) ? await ctx.db.select().from(tables.orders).where(eq(tables.orders.token, a.token)) : [];
      return { order: orderNode(ctx, order), errors: result.errors };
    },
  }),
  orderPaymentStart: t.field({
    type: PaymentStartPayload,
    description: 'Starts paying an order whose asynchronous payment failed (Stripe: an intent for its Payment Element).',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, a, ctx) => byToken(ctx, a.token, () => startOrderPayment(orderDeps(ctx), a.token), tokenNotFound),
  }),
  invoicePaymentStart: t.field({
    type: PaymentStartPayload,
    description: 'Starts paying an open invoice (Stripe: an intent for its Payment Element).',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, a, ctx) => byToken(ctx, a.token, () => startInvoicePayment(orderDeps(ctx), a.token), tokenNotFound),
  }),
  invoicePay: t.field({
    type: InvoicePayload,
    description: 'Pays an open invoice (an order placed on an electronic quote) by card.',
    args: { token: t.arg.string({ required: true }), card: t.arg({ type: CardInput, required: true }) },
    resolve: async (_root, a, ctx) => {
      const result = await byToken(ctx, a.token, () => payInvoice(orderDeps(ctx), { token: a.token, card: a.card }), tokenNotFound);
      return { invoice: await invoiceByToken(ctx, a.token), errors: result.errors };
    },
  }),
}));
