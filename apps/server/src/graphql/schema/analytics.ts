import { builder } from '../builder.ts';
import { recordAnalyticsEvent, type AnalyticsError } from '../../modules/analytics/index.ts';

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
    body: t.string({ required: true, description: 'The event as pushed to the data layer (JSON object, at most 8 KB).' }),
    timestamp: t.string({ required: true }),
    context: t.field({ type: AnalyticsContextInput, required: true }),
  }),
});
const AnalyticsEventInput = builder.inputType('AnalyticsEventInput', {
  fields: (t) => ({
    anonymousId: t.string({ required: true }),
    userId: t.string({ required: false, description: 'As the page claims it (the call carries no token): for analysis, never for access.' }),
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
    description: 'Spec §7: the server-side copy of an analytics event the storefront pushed to its data layer. A purchase is stored once per order.',
    args: { input: t.arg({ type: AnalyticsEventInput, required: true }) },
    resolve: (_root, { input }, ctx) => recordAnalyticsEvent(ctx.db, input, ctx.now()),
  }),
);
