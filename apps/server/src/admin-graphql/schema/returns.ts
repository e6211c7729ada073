import { openReturn, receiveReturn, refundReturn, RETURN_REASONS, returnNumber, type ReturnWithLines } from '../../modules/orders/index.ts';
import { AdminErrorRef, builder } from '../builder.ts';
import { OrderDetail } from './orders.ts';

type Errors = Array<{ field: string | null; code: string; message: string }>;
const iso = (d: Date | null) => d?.toISOString() ?? null;

const ReturnLineRef = builder.objectRef<ReturnWithLines['lines'][number]>('StaffReturnLine').implement({
  fields: (t) => ({ lineId: t.exposeInt('orderLineId'), quantity: t.exposeInt('quantity') }),
});
const ReturnRef = builder.objectRef<ReturnWithLines>('StaffReturn').implement({
  description: 'A return (RMA) of shipped goods: open until its goods are received, then refunded.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    number: t.string({ description: 'RMA-000012: what staff and the buyer quote', resolve: (r) => returnNumber(r.id) }),
    state: t.string({ description: 'OPEN (goods on their way back), RECEIVED or REFUNDED', resolve: (r) => r.state }),
    reason: t.exposeString('reason', { description: `One of ${RETURN_REASONS.join(', ')}` }),
    note: t.exposeString('note', { nullable: true }),
    lines: t.field({ type: [ReturnLineRef], resolve: (r) => r.lines }),
    refundId: t.exposeInt('refundId', { nullable: true, description: 'The refund that gave its money back (see StaffOrder.refunds, with its credit note)' }),
    createdAt: t.string({ resolve: (r) => r.createdAt.toISOString() }),
    receivedAt: t.string({ nullable: true, resolve: (r) => iso(r.receivedAt) }),
  }),
});

builder.objectField(OrderDetail, 'returns', (t) => t.field({ type: [ReturnRef], description: 'Its returns, oldest first', resolve: (d) => d.returns }));

builder.queryField('returnReasons', (t) => t.stringList({
  description: 'The reasons a return may give (the console words each one).',
  resolve: async (_root, _args, ctx) => {
    await ctx.require('orders.read');
    return [...RETURN_REASONS];
  },
}));

const ReturnPayload = builder.objectRef<{ return: ReturnWithLines | null; errors: Errors }>('StaffReturnPayload').implement({
  fields: (t) => ({
    return: t.field({ type: ReturnRef, nullable: true, resolve: (p) => p.return }),
    errors: t.field({ type: [AdminErrorRef], resolve: (p) => p.errors }),
  }),
});
const ReturnLineInput = builder.inputType('StaffReturnLineInput', {
  fields: (t) => ({ lineId: t.int({ required: true }), quantity: t.int({ required: true }) }),
});

builder.mutationFields((t) => ({
  orderReturnOpen: t.field({
    type: ReturnPayload,
    description: 'Opens a return for shipped goods: the lines and how many of each (never more than was shipped, less what other returns take back), a reason '
      + 'of returnReasons and a note. Refused for a cancelled order. The same idempotency key opens it once.',
    args: {
      number: t.arg.string({ required: true }), lines: t.arg({ type: [ReturnLineInput], required: true }), reason: t.arg.string({ required: true }),
      note: t.arg.string(), idempotencyKey: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, ctx) => openReturn(ctx.db, await ctx.require('orders.manage'), {
      number: args.number, lines: args.lines, reason: args.reason, note: args.note ?? null, idempotencyKey: args.idempotencyKey,
    }),
  }),
  orderReturnReceive: t.field({
    type: ReturnPayload,
    description: 'Records that a return\'s goods are back: its units count as returned. Receiving it again changes nothing.',
    args: { number: t.arg.string({ required: true }), returnId: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => receiveReturn(ctx.db, await ctx.require('orders.manage'), { number: args.number, returnId: args.returnId }),
  }),
  orderReturnRefund: t.field({
    type: ReturnPayload,
    description: 'Refunds a received return\'s lines through the gateway (priced from the order, with a credit note and the buyer\'s e-mail, as orderRefund). '
      + 'A refunded return answers as it is: it is refunded once.',
    args: { number: t.arg.string({ required: true }), returnId: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const staff = await ctx.require('orders.refund');
      const { return: returned, errors } = await refundReturn(ctx.db, ctx.gateway, staff, { number: args.number, returnId: args.returnId });
      return { return: returned, errors };
    },
  }),
}));
