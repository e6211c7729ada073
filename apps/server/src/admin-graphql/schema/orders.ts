import { CARRIER_CODES, CARRIERS, cancelOrder, listOrders, shipOrder, type ShipmentWithLines, markInvoicePaidByStaff, orderForStaff, refundOrder, resendOrderConfirmation, type OrderCursor, type OrderListRow, type RefundLine, type RefundWithLines } from '../../modules/orders/index.ts';
import { creditNoteNumber } from '../../modules/documents/index.ts';
import { AdminErrorRef, builder } from '../builder.ts';

export type Detail = NonNullable<Awaited<ReturnType<typeof orderForStaff>>>;
const iso = (d: Date | null) => d?.toISOString() ?? null;

export const OrderSummary = builder.objectRef<OrderListRow>('StaffOrderSummary').implement({
  fields: (t) => ({
    number: t.exposeString('number'),
    token: t.exposeString('token'),
    email: t.exposeString('email'),
    country: t.exposeString('country'),
    currency: t.exposeString('currency'),
    paymentMethod: t.exposeString('paymentMethod'),
    chargeStatus: t.exposeString('chargeStatus'),
    paymentState: t.string({ description: 'UNPAID, PROCESSING, PAID, PARTLY_REFUNDED or REFUNDED, from its payments and refunds', resolve: (o) => o.paymentState }),
    fulfilmentState: t.string({ description: 'NONE (nothing to ship), UNFULFILLED, PARTLY_SHIPPED, SHIPPED, PARTLY_RETURNED or RETURNED, from its shipments and received returns', resolve: (o) => o.fulfilmentState }),
    returnAction: t.string({ nullable: true, description: 'What its returns wait for: AWAITING_REFUND (one received, not refunded) before AWAITING_GOODS (one open); null when none waits', resolve: (o) => o.returnAction }),
    cancelled: t.boolean({ resolve: (o) => o.cancelledAt !== null }),
    company: t.string({ nullable: true, description: 'The company on the billing address', resolve: (o) => o.company }),
    total: t.int({ description: 'Gross, in minor units of the currency', resolve: (o) => o.totalGross }),
    createdAt: t.string({ resolve: (o) => o.createdAt.toISOString() }),
  }),
});

const OrderPage = builder.objectRef<{ orders: OrderListRow[]; next: string | null }>('StaffOrderPage').implement({
  fields: (t) => ({
    orders: t.field({ type: [OrderSummary], resolve: (p) => p.orders }),
    next: t.string({ nullable: true, description: 'Pass as `after` for the next page; null on the last one.', resolve: (p) => p.next }),
  }),
});

const OrderFilterInput = builder.inputType('StaffOrderFilter', {
  fields: (t) => ({
    country: t.string(), chargeStatus: t.string(), paymentMethod: t.string(),
    from: t.string({ description: 'ISO date: placed on or after this day (UTC)' }), to: t.string({ description: 'ISO date: placed on or before this day (UTC), the day included' }),
    search: t.string({ description: 'Part of an order number, of the buyer\'s e-mail or of the company on its addresses' }),
    paymentState: t.string({ description: 'A paymentState of StaffOrderSummary (cancelled orders left out), or CANCELLED' }),
    fulfilmentState: t.string({ description: 'A fulfilmentState of StaffOrderSummary' }),
  }),
});

const LineRef = builder.objectRef<Detail['lines'][number]>('StaffOrderLine').implement({
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Names the line in a refund' }), sku: t.exposeString('productSku'), name: t.exposeString('productName'), variantName: t.exposeString('variantName'),
    quantity: t.exposeInt('quantity'), total: t.int({ resolve: (l) => l.totalGross }),
  }),
});
const PaymentRef = builder.objectRef<Detail['payments'][number]>('StaffPayment').implement({
  fields: (t) => ({
    id: t.exposeString('id'), gateway: t.exposeString('gateway'), method: t.exposeString('method'), status: t.exposeString('status'),
    amount: t.exposeInt('amount'), currency: t.exposeString('currency'), failureCode: t.exposeString('failureCode', { nullable: true }),
    card: t.string({ nullable: true, resolve: (p) => (p.ccLastDigits ? `${p.ccBrand ?? ''} •••• ${p.ccLastDigits}`.trim() : null) }),
    createdAt: t.string({ resolve: (p) => p.createdAt.toISOString() }),
  }),
});
const RefundLineRef = builder.objectRef<RefundLine>('StaffRefundLine').implement({
  description: 'An order line a refund gave back: how many, and what they came to (gross, minor units).',
  fields: (t) => ({ lineId: t.exposeInt('orderLineId'), quantity: t.exposeInt('quantity'), amount: t.exposeInt('amount') }),
});
const RefundRef = builder.objectRef<RefundWithLines>('StaffRefund').implement({
  fields: (t) => ({
    id: t.exposeInt('id'), amount: t.exposeInt('amount'), currency: t.exposeString('currency'), status: t.exposeString('status'),
    paymentId: t.exposeString('paymentId', { description: 'The payment it gave money back on' }),
    shipping: t.exposeInt('shipping', { description: 'The part of the amount that is shipping' }),
    lines: t.field({ type: [RefundLineRef], description: 'Empty for a free amount', resolve: (r) => r.lines }),
    reason: t.exposeString('reason', { nullable: true }), createdAt: t.string({ resolve: (r) => r.createdAt.toISOString() }),
    creditNote: t.string({
      nullable: true, description: 'The number of its credit note (CN-000012; its PDF is /documents/credit-note/{order token}/{number}.pdf); null for a refund that did not go through',
      resolve: (r) => ('creditNote' in r && typeof r.creditNote === 'number' ? creditNoteNumber(r.creditNote) : null),
    }),
  }),
});
const DeliveryRef = builder.objectRef<Detail['deliveries'][number]>('StaffOutboxDelivery').implement({
  description: 'A side effect the order wrote to the outbox (an e-mail): when it was delivered, or why not yet.',
  fields: (t) => ({
    topic: t.exposeString('topic'), attempts: t.exposeInt('attempts'),
    processedAt: t.string({ nullable: true, resolve: (d) => iso(d.processedAt) }),
    lastError: t.exposeString('lastError', { nullable: true }),
  }),
});

const EventRef = builder.objectRef<Detail['events'][number]>('StaffOrderEvent').implement({
  description: 'Something that happened to the order after it was placed (a cancellation, a refund), by whom.',
  fields: (t) => ({
    type: t.exposeString('type'),
    payload: t.string({ description: 'JSON', resolve: (e) => JSON.stringify(e.payload) }),
    createdAt: t.string({ resolve: (e) => e.createdAt.toISOString() }),
  }),
});
const AddressRef = builder.objectRef<NonNullable<Detail['order']['shippingAddress']>>('StaffAddress').implement({
  description: 'An address as the buyer gave it at checkout.',
  fields: (t) => ({
    firstName: t.exposeString('firstName'), lastName: t.exposeString('lastName'), companyName: t.exposeString('companyName'),
    streetAddress1: t.exposeString('streetAddress1'), streetAddress2: t.exposeString('streetAddress2'), city: t.exposeString('city'),
    postalCode: t.exposeString('postalCode'), countryArea: t.exposeString('countryArea'), country: t.exposeString('country'), phone: t.exposeString('phone'),
  }),
});
const ShipmentLineRef = builder.objectRef<ShipmentWithLines['lines'][number]>('StaffShipmentLine').implement({
  fields: (t) => ({ lineId: t.exposeInt('orderLineId'), quantity: t.exposeInt('quantity') }),
});
const ShipmentRef = builder.objectRef<ShipmentWithLines>('StaffShipment').implement({
  description: 'A parcel sent for the order: its carrier, tracking number and link, and the lines it carried.',
  fields: (t) => ({
    id: t.exposeInt('id'), carrier: t.exposeString('carrier'), trackingNumber: t.exposeString('trackingNumber'),
    trackingUrl: t.exposeString('trackingUrl', { nullable: true, description: 'Built from the carrier table; null for OTHER' }),
    lines: t.field({ type: [ShipmentLineRef], resolve: (s) => s.lines }),
    createdAt: t.string({ resolve: (s) => s.createdAt.toISOString() }),
  }),
});
const CarrierRef = builder.objectRef<{ code: string; name: string | null }>('StaffCarrier').implement({
  fields: (t) => ({ code: t.exposeString('code'), name: t.exposeString('name', { nullable: true, description: 'Null for OTHER (the console names it)' }) }),
});
const OrganizationLinkRef = builder.objectRef<{ id: string; name: string }>('StaffOrganizationLink').implement({
  fields: (t) => ({ id: t.exposeString('id'), name: t.exposeString('name') }),
});

export const OrderDetail = builder.objectRef<Detail>('StaffOrder').implement({
  fields: (t) => ({
    number: t.string({ resolve: (d) => d.order.number }),
    token: t.string({ resolve: (d) => d.order.token }),
    email: t.string({ resolve: (d) => d.order.email }),
    country: t.string({ resolve: (d) => d.order.country }),
    language: t.string({ resolve: (d) => d.order.language }),
    currency: t.string({ resolve: (d) => d.order.currency }),
    paymentMethod: t.string({ resolve: (d) => d.order.paymentMethod }),
    chargeStatus: t.string({ resolve: (d) => d.order.chargeStatus }),
    total: t.int({ resolve: (d) => d.order.totalGross }),
    tax: t.int({ resolve: (d) => d.order.totalTax }),
    shipping: t.int({ description: 'Shipping paid, gross, in minor units', resolve: (d) => d.order.shippingGross }),
    customerId: t.string({ nullable: true, description: 'The signed-in buyer (a customer), or null for a guest', resolve: (d) => d.order.userId }),
    organization: t.field({ type: OrganizationLinkRef, nullable: true, description: 'The organization it was bought for', resolve: (d) => d.organization }),
    cancelledAt: t.string({ nullable: true, resolve: (d) => iso(d.order.cancelledAt) }),
    paymentState: t.string({ description: 'As on StaffOrderSummary', resolve: (d) => d.states.paymentState }),
    fulfilmentState: t.string({ description: 'As on StaffOrderSummary', resolve: (d) => d.states.fulfilmentState }),
    shippingAddress: t.field({ type: AddressRef, nullable: true, resolve: (d) => d.order.shippingAddress ?? null }),
    billingAddress: t.field({ type: AddressRef, resolve: (d) => d.order.billingAddress }),
    shippingMethod: t.string({ nullable: true, resolve: (d) => d.order.shippingMethod }),
    vatNumber: t.string({ nullable: true, description: 'The buyer\'s VAT number, as given at checkout', resolve: (d) => d.order.vatNumber }),
    reverseCharge: t.boolean({ description: 'Sold without VAT: the buyer accounts for it (intra-EU business sale)', resolve: (d) => d.order.reverseCharge }),
    shipments: t.field({ type: [ShipmentRef], resolve: (d) => d.shipments }),
    note: t.string({ nullable: true, description: 'The buyer\'s note at checkout, or an e-quote\'s comment', resolve: (d) => d.note }),
    cancelBlocker: t.string({ nullable: true, description: 'Why the order cannot be cancelled; null when it can', resolve: (d) => d.cancelBlocker }),
    events: t.field({ type: [EventRef], resolve: (d) => d.events }),
    createdAt: t.string({ resolve: (d) => d.order.createdAt.toISOString() }),
    lines: t.field({ type: [LineRef], resolve: (d) => d.lines }),
    payments: t.field({ type: [PaymentRef], resolve: (d) => d.payments }),
    refunds: t.field({ type: [RefundRef], resolve: (d) => d.refunds }),
    invoiceStatus: t.string({ nullable: true, resolve: (d) => d.invoice?.status ?? null }),
    deliveries: t.field({ type: [DeliveryRef], resolve: (d) => d.deliveries }),
  }),
});

const cursorOf = (after: string | null | undefined): OrderCursor | null => {
  if (!after) return null;
  try {
    const parsed = JSON.parse(Buffer.from(after, 'base64url').toString()) as OrderCursor;
    return typeof parsed.createdAt === 'string' && Number.isInteger(parsed.id) ? parsed : null;
  } catch {
    return null;
  }
};
const dateOf = (s: string | null | undefined) => (s && !Number.isNaN(Date.parse(s)) ? new Date(s) : null);

builder.queryFields((t) => ({
  orders: t.field({
    type: OrderPage,
    description: 'Orders newest first, filtered and paged on the server (keyset: the same cost on every page).',
    args: { filter: t.arg({ type: OrderFilterInput }), first: t.arg.int({ defaultValue: 25 }), after: t.arg.string() },
    resolve: async (_root, { filter, first, after }, ctx) => {
      await ctx.require('orders.read');
      const page = await listOrders(ctx.db, { ...filter, from: dateOf(filter?.from), to: dateOf(filter?.to) }, { first: first ?? 25, after: cursorOf(after) });
      return { orders: page.orders, next: page.next ? Buffer.from(JSON.stringify(page.next)).toString('base64url') : null };
    },
  }),
  carriers: t.field({
    type: [CarrierRef],
    description: 'The carriers a shipment may name (the tracking link is built from each one\'s tracking page).',
    resolve: async (_root, _args, ctx) => {
      await ctx.require('orders.read');
      return CARRIER_CODES.map((code) => ({ code, name: CARRIERS[code].name }));
    },
  }),
  order: t.field({
    type: OrderDetail,
    nullable: true,
    args: { number: t.arg.string({ required: true }) },
    resolve: async (_root, { number }, ctx) => {
      await ctx.require('orders.read');
      return orderForStaff(ctx.db, number);
    },
  }),
}));

const RefundLineInput = builder.inputType('StaffRefundLineInput', {
  fields: (t) => ({ lineId: t.int({ required: true }), quantity: t.int({ required: true }) }),
});

builder.mutationField('orderRefund', (t) => t.field({
  type: builder.objectRef<{ refund: RefundWithLines | null; errors: Array<{ field: string | null; code: string; message: string }> }>('StaffRefundPayload').implement({
    fields: (f) => ({
      refund: f.field({ type: RefundRef, nullable: true, resolve: (p) => p.refund }),
      errors: f.field({ type: [AdminErrorRef], resolve: (p) => p.errors }),
    }),
  }),
  description: 'Gives money back through the gateway: chosen `lines` (and the `shipping`), priced on the server from the order; or `amount` (minor units); '
    + 'or, with neither, what is left of the payment. Never more than was paid and not yet refunded. The same idempotency key refunds once.',
  args: {
    number: t.arg.string({ required: true }), amount: t.arg.int(), lines: t.arg({ type: [RefundLineInput] }), shipping: t.arg.boolean({ defaultValue: false }),
    idempotencyKey: t.arg.string({ required: true }), reason: t.arg.string(),
  },
  resolve: async (_root, args, ctx) => {
    const staff = await ctx.require('orders.refund');
    return refundOrder(ctx.db, ctx.gateway, staff, {
      number: args.number, amount: args.amount ?? null, lines: args.lines ?? null, shipping: args.shipping ?? false, idempotencyKey: args.idempotencyKey, reason: args.reason ?? null,
    });
  },
}));

const OrderChangePayload = builder.objectRef<{ errors: Array<{ field: string | null; code: string; message: string }> }>('StaffOrderChangePayload').implement({
  fields: (t) => ({ errors: t.field({ type: [AdminErrorRef], resolve: (p) => p.errors }) }),
});

builder.mutationFields((t) => ({
  orderInvoiceMarkPaid: t.field({
    type: OrderChangePayload,
    description: 'An e-quote invoice paid outside the store (a bank transfer): the order becomes paid and the buyer is told by e-mail.',
    args: { number: t.arg.string({ required: true }), note: t.arg.string() },
    resolve: async (_root, args, ctx) => markInvoicePaidByStaff(ctx.db, await ctx.require('orders.manage'), { number: args.number, note: args.note ?? null }),
  }),
  orderConfirmationResend: t.field({
    type: OrderChangePayload,
    description: 'Sends the order\'s confirmation e-mail to the buyer again.',
    args: { number: t.arg.string({ required: true }) },
    resolve: async (_root, { number }, ctx) => resendOrderConfirmation(ctx.db, await ctx.require('orders.manage'), number),
  }),
}));

builder.mutationField('orderCancel', (t) => t.field({
  type: builder.objectRef<{ cancelledAt: Date | null; errors: Array<{ field: string | null; code: string; message: string }> }>('StaffOrderCancelPayload').implement({
    fields: (f) => ({
      cancelledAt: f.string({ nullable: true, resolve: (p) => iso(p.cancelledAt) }),
      errors: f.field({ type: [AdminErrorRef], resolve: (p) => p.errors }),
    }),
  }),
  description: 'Cancels an unpaid order (not charged: an open e-quote invoice, a failed payment): it can no longer be paid, its stock goes back and so does the use of its voucher. '
    + 'A paid or settling order is refused with the reason. Cancelling a cancelled order changes nothing.',
  args: { number: t.arg.string({ required: true }), reason: t.arg.string() },
  resolve: async (_root, args, ctx) => cancelOrder(ctx.db, await ctx.require('orders.manage'), { number: args.number, reason: args.reason ?? null }),
}));

const ShipLineInput = builder.inputType('StaffShipLineInput', {
  fields: (t) => ({ lineId: t.int({ required: true }), quantity: t.int({ required: true }) }),
});

builder.mutationField('orderShip', (t) => t.field({
  type: builder.objectRef<{ shipment: ShipmentWithLines | null; errors: Array<{ field: string | null; code: string; message: string }> }>('StaffShipPayload').implement({
    fields: (f) => ({
      shipment: f.field({ type: ShipmentRef, nullable: true, resolve: (p) => p.shipment }),
      errors: f.field({ type: [AdminErrorRef], resolve: (p) => p.errors }),
    }),
  }),
  description: 'Records a parcel sent: the chosen lines and quantities (never more than is left to ship), the carrier and its tracking number (checked against the '
    + 'carrier\'s format); the buyer gets the shipping e-mail with the tracking link. Refused for a cancelled, refunded or unpaid order. The same idempotency key records it once.',
  args: {
    number: t.arg.string({ required: true }), lines: t.arg({ type: [ShipLineInput], required: true }), carrier: t.arg.string({ required: true }),
    trackingNumber: t.arg.string({ required: true }), idempotencyKey: t.arg.string({ required: true }),
  },
  resolve: async (_root, args, ctx) => shipOrder(ctx.db, await ctx.require('orders.manage'), {
    number: args.number, lines: args.lines, carrier: args.carrier, trackingNumber: args.trackingNumber, idempotencyKey: args.idempotencyKey,
  }),
}));
