import { builder } from '../builder.ts';
import { byToken, nullIsMiss, throwIfLimited } from '../limits.ts';
import { Checkout, CheckoutPayloadRef, checkoutChange, payload, servicesOf } from './checkout.ts';
import { findReferrer, referrerById, type Referrer } from '../../modules/referrals/index.ts';

const ReferrerRef = builder.objectRef<Referrer>('Referrer').implement({
  description: 'The member a referral link names (spec §2 referrer portal): as much as the referred buyer is shown.',
  fields: (t) => ({
    name: t.string({ nullable: true, resolve: (r) => r.name }),
    organizationName: t.exposeString('organizationName'),
  }),
});

builder.queryFields((t) => ({
  referrer: t.field({
    type: ReferrerRef,
    nullable: true,
    description: 'The referrer a referral link names; null for a token nobody holds. Rate limited per client address.',
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_root, { token }, ctx) => {
      throwIfLimited(await ctx.limits.referrerLookup(ctx.requester().clientIp));
      return byToken(ctx, token, () => findReferrer(ctx.db, token), nullIsMiss);
    },
  }),
}));

builder.objectField(Checkout, 'referrer', (t) => t.field({
  type: ReferrerRef,
  nullable: true,
  description: 'Who referred this purchase (their link was used), if anyone.',
  resolve: (c, _a, ctx) => (c.row.referrerMembershipId ? referrerById(ctx.db, c.row.referrerMembershipId) : null),
}));

builder.mutationFields((t) => ({
  checkoutReferrerUpdate: t.field({
    type: CheckoutPayloadRef,
    description: 'Carries a referral link into the checkout (null removes it). NOT_FOUND for a token nobody holds, OPERATION_NOT_ALLOWED for your own. Rate limited per client address.',
    args: { token: t.arg.string({ required: true }), referrerToken: t.arg.string() },
    resolve: async (_root, a, ctx) => {
      if (a.referrerToken) throwIfLimited(await ctx.limits.referrerLookup(ctx.requester().clientIp));
      return payload(ctx, checkoutChange(ctx, a.token, () => servicesOf(ctx).referrerUpdate(a.token, a.referrerToken ?? null)));
    },
  }),
}));
