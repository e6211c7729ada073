import { CONSENT_PURPOSES, currentConsents, recordConsent, type ConsentError, type ConsentPurpose, type ConsentRow } from '../../modules/privacy/index.ts';
import { builder } from '../builder.ts';
import { throwIfLimited } from '../limits.ts';
import { signedIn, User } from './accounts.ts';

const ConsentPurposeEnum = builder.enumType('ConsentPurpose', {
  description: 'ANALYTICS: the analytics events of the store\'s pages; MARKETING_EMAIL: product news and event invitations by e-mail.',
  values: CONSENT_PURPOSES,
});

const ConsentRef = builder.objectRef<ConsentRow>('Consent').implement({
  description: 'A consent decision on record: what for, given or withdrawn, when, the version of the wording shown, where and in which language.',
  fields: (t) => ({
    purpose: t.field({ type: ConsentPurposeEnum, resolve: (c) => c.purpose as ConsentPurpose }),
    granted: t.exposeBoolean('granted'),
    recordedAt: t.string({ description: 'ISO date-time', resolve: (c) => c.createdAt.toISOString() }),
    textVersion: t.exposeString('textVersion', { description: 'The catalogue key of the wording shown and a hash of its text in the locale.' }),
    source: t.exposeString('source', { description: 'banner, account, or form:{path} (a marketing form\'s tick).' }),
    locale: t.exposeString('locale'),
  }),
});

const ConsentErrorRef = builder.objectRef<ConsentError>('ConsentError').implement({
  fields: (t) => ({ field: t.exposeString('field'), message: t.exposeString('message'), code: t.exposeString('code') }),
});

const ConsentInput = builder.inputType('ConsentInput', {
  fields: (t) => ({
    purpose: t.field({ type: ConsentPurposeEnum, required: true }),
    granted: t.boolean({ required: true }),
    textVersion: t.string({ required: true, description: 'The catalogue key of the wording the page showed and a hash of its text in the locale: consent.text#1a2b3c4d.' }),
    source: t.string({ required: true, description: 'banner or account.' }),
    locale: t.string({ required: true, description: 'The catalogue locale of the page (de, en-US, …).' }),
    anonymousId: t.string({ required: false, description: 'The browser\'s analytics id, when it has one: an anonymous choice is kept with the browser.' }),
  }),
});

builder.objectField(User, 'consents', (t) => t.field({
  type: [ConsentRef],
  description: 'The consent in force for each purpose the user decided on (the latest decision of each): theirs, and their e-mail\'s ticks on the marketing forms.',
  resolve: (u, _args, ctx) => currentConsents(ctx.db, u),
}));

builder.mutationField('consentRecord', (t) => t.field({
  type: builder.objectRef<{ consent: ConsentRow | null; errors: ConsentError[] }>('ConsentRecordPayload').implement({
    fields: (f) => ({
      consent: f.field({ type: ConsentRef, nullable: true, resolve: (p) => p.consent }),
      errors: f.field({ type: [ConsentErrorRef], resolve: (p) => p.errors }),
    }),
  }),
  description: 'Records a consent decision (appended: the history is the proof). With a token it is the signed-in user\'s (and, with anonymousId, the browser\'s too); without one, the browser\'s only. Marketing e-mail is decided by a signed-in user for their e-mail (marketing forms record their tick with the lead); withdrawing it marks their leads. Rate limited per client address.',
  args: { input: t.arg({ type: ConsentInput, required: true }) },
  resolve: async (_root, { input }, ctx) => {
    throwIfLimited(await ctx.limits.analyticsEvent(ctx.requester().clientIp));
    const user = ctx.requester().userId ? await ctx.viewer() : null;
    if (input.purpose === 'MARKETING_EMAIL' && !user) await signedIn(ctx);
    if (input.source !== 'banner' && input.source !== 'account') {
      return { consent: null, errors: [{ code: 'INVALID' as const, field: 'source', message: 'banner or account (a form records its tick with the lead)' }] };
    }
    return recordConsent(ctx.db, {
      purpose: input.purpose, granted: input.granted, textVersion: input.textVersion, source: input.source, locale: input.locale,
      userId: user?.id ?? null, anonymousId: input.anonymousId ?? null, email: input.purpose === 'MARKETING_EMAIL' ? user!.email : null,
    }, ctx.now());
  },
}));
