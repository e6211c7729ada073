import { builder } from '../builder.ts';
import { byToken, throwIfLimited } from '../limits.ts';
import { recordAnalyticsEvent, type AnalyticsError } from '../../modules/analytics/index.ts';
import { analyticsWithdrawn } from '../../modules/privacy/index.ts';

const AnalyticsErrorRef = builder.objectRef<AnalyticsError>('AnalyticsError').implement({
  description: 'A refused analytics event: the field, a message, and the code.',
  fields: (t) => ({
    field: t.exposeString('field'),
    message: t.exposeString('message'),
    code: t.exposeString('code'),
  }),
});

const AnalyticsPageInput = builder.inputType('AnalyticsPageInput', {
  fields: (t) => ({ path: t.string({ required: true }), url: t.string({ required: true }) }),
});
const AnalyticsContextInput = builder.inputType('AnalyticsContextInput', {
  fields: (t) => ({ page: t.field({ type: AnalyticsPageInput, required: true }) }),
});
const AnalyticsEventDataInput = builder.inputType('AnalyticsEventDataInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    body: t.string({ required: true, description: 'The event as pushed to the data layer (a JSON object). The whole event (body, page, ids) is at most 4 KB, a purchase 16 KB.' }),
    timestamp: t.string({ required: true }),
    context: t.field({ type: AnalyticsContextInput, required: true }),
  }),
});
const AnalyticsEventInput = builder.inputType('AnalyticsEventInput', {
  fields: (t) => ({
    anonymousId: t.string({ required: true }),
    userId: t.string({ required: false, description: 'Ignored: the event is stored under the user the call\'s token names (none without a token). Kept for the spec\'s payload.' }),
    eventData: t.field({ type: AnalyticsEventDataInput, required: true }),
  }),
});

builder.mutationField('analyticsEventCreate', (t) =>
  t.field({
    type: builder.objectRef<{ recorded: boolean; errors: AnalyticsError[] }>('AnalyticsEventPayload').implement({
      fields: (f) => ({
        recorded: f.exposeBoolean('recorded'),
        errors: f.field({ type: [AnalyticsErrorRef], resolve: (p) => p.errors }),
      }),
    }),
    description: 'Spec §7: the server-side copy of an analytics event the storefront pushed to its data layer. A purchase (order_completed) is stored once per order, only for a real order and from its buyer: sent from the page of its token (the confirmation page) or by the signed-in user who placed it; otherwise NOT_FOUND (a miss on the address\'s token counter). Other events are rate limited per client address. Not recorded (recorded false, no error) when the latest analytics consent decision of the browser (anonymousId) or of the signed-in user is a withdrawal.',
    args: { input: t.arg({ type: AnalyticsEventInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { clientIp, userId } = ctx.requester();
      // A browser or user whose latest analytics decision is a withdrawal (my account, another tab) is not
      // recorded: answered as not recorded, without an error (and so without a miss).
      const record = async () => (await analyticsWithdrawn(ctx.db, { userId, anonymousId: input.anonymousId })
        ? { recorded: false, errors: [] }
        : recordAnalyticsEvent(ctx.db, input, ctx.now(), { userId }));
      // A purchase proves its order by the token of the page it was sent from (or its buyer's sign-in), so
      // it is a lookup by token: one refused is a miss on the address's token counter. Those stored are
      // bounded by the orders (one each); every other event by the address's rate.
      if (input.eventData.name === 'order_completed') return byToken(ctx, input.eventData.context.page.path, record, (r) => r.errors.length > 0);
      throwIfLimited(await ctx.limits.analyticsEvent(clientIp));
      return record();
    },
  }),
);
