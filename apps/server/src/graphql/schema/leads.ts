import { CONTACT_DEPARTMENTS, fieldChoices, LEAD_FIELD_KEYS, LEAD_FORM_KINDS, type LeadFieldKey } from '@probe/domain';
import { builder } from '../builder.ts';
import { MarketEnum } from '../enums.ts';
import { throwIfLimited } from '../limits.ts';
import { catalogueLanguage, LanguageCodeEnum } from '../language-code.ts';
import { formCopy, registrationClosed, type LeadError, type LeadForm, type LeadFormField, type LeadResult } from '../../modules/leads/index.ts';

const LeadFieldKeyEnum = builder.enumType('LeadFieldKey', {
  description: 'Spec §3 lead and contact form field keys (with the two heard-about keys and the inquiry topic).',
  values: LEAD_FIELD_KEYS,
});
const LeadFormKindEnum = builder.enumType('LeadFormKind', { values: LEAD_FORM_KINDS });
const ContactDepartmentEnum = builder.enumType('ContactDepartment', { values: CONTACT_DEPARTMENTS });
const LeadErrorCodeEnum = builder.enumType('LeadErrorCode', { values: ['REQUIRED', 'INVALID', 'NOT_FOUND', 'CLOSED'] as const });

const LeadFormFieldRef = builder.objectRef<LeadFormField & { market: LeadForm['market'] }>('LeadFormField').implement({
  description: 'One field of a form, in the order shown.',
  fields: (t) => ({
    key: t.field({ type: LeadFieldKeyEnum, resolve: (f) => f.key }),
    required: t.exposeBoolean('required', { description: 'Must be filled. COUNTRY_AREA and POSTAL_CODE are also required where the country\'s address rules require them.' }),
    choices: t.stringList({
      nullable: true,
      description: 'The values to choose from (labels are in the storefront\'s catalogues); null for free text, COUNTRY (the enabled countries) and COUNTRY_AREA (the country\'s address rules).',
      resolve: (f) => (fieldChoices(f.key, f.market) as string[] | null),
    }),
  }),
});

interface LeadFormView {
  form: LeadForm;
  language: string;
}

const LeadFormRef = builder.objectRef<LeadFormView>('LeadForm').implement({
  description: 'A marketing form (spec §2): its fields, copy in the requested language (English where it has none) and a ticket for its submission.',
  fields: (t) => ({
    path: t.string({ resolve: (v) => v.form.path }),
    kind: t.field({ type: LeadFormKindEnum, resolve: (v) => v.form.kind as LeadForm['kind'] as never }),
    name: t.string({ description: 'The form name posted to an embedding parent with form-submitted.', resolve: (v) => v.form.name }),
    market: t.field({ type: MarketEnum, resolve: (v) => v.form.market }),
    department: t.field({ type: ContactDepartmentEnum, resolve: (v) => v.form.department as never }),
    title: t.string({ resolve: (v) => formCopy(v.form, v.language).title }),
    intro: t.string({ resolve: (v) => formCopy(v.form, v.language).intro }),
    eventStartsAt: t.string({ nullable: true, description: 'ISO date-time of the webinar or trade show.', resolve: (v) => v.form.eventStartsAt?.toISOString() ?? null }),
    registrationClosed: t.boolean({
      description: 'True once a webinar (WEBINAR, VET_WEBINAR) has begun: the page says registration is closed and a submission is refused with CLOSED.',
      resolve: (v, _a, ctx) => registrationClosed(v.form, ctx.now()),
    }),
    fields: t.field({ type: [LeadFormFieldRef], resolve: (v) => v.form.fields.map((f) => ({ ...f, market: v.form.market })) }),
    parentOrigins: t.stringList({
      description: 'The exact origins that may embed this page (the store\'s own and FORMS_PARENT_ORIGINS): it talks to no other parent.',
      resolve: (_v, _a, ctx) => ctx.config.FORMS_PARENT_ORIGINS,
    }),
    ticket: t.string({
      description: 'Says when the form was shown (signed); sent back with the submission. Never cached.',
      resolve: (v, _a, ctx) => {
        ctx.requester();
        return ctx.leads.ticket(v.form, ctx.now());
      },
    }),
  }),
});

builder.queryField('leadForm', (t) =>
  t.field({
    type: LeadFormRef,
    nullable: true,
    description: 'The form at a path after /form/ (`demo`, `webinar/{slug}`, …); null when there is none (the page is a 404).',
    args: { path: t.arg.string({ required: true }), languageCode: t.arg({ type: LanguageCodeEnum, required: true }) },
    resolve: async (_root, { path, languageCode }, ctx) => {
      const form = await ctx.leads.form(path);
      return form ? { form, language: catalogueLanguage(languageCode) } : null;
    },
  }),
);

const LeadErrorRef = builder.objectRef<LeadError>('LeadFormError').implement({
  description: 'Spec §3 form error: the field (a LeadFieldKey), a message, the code.',
  fields: (t) => ({
    field: t.exposeString('field', { nullable: true }),
    message: t.exposeString('message'),
    code: t.field({ type: LeadErrorCodeEnum, resolve: (e) => e.code }),
  }),
});

const LeadFieldInput = builder.inputType('LeadFieldInput', {
  fields: (t) => ({ key: t.field({ type: LeadFieldKeyEnum, required: true }), value: t.string({ required: true }) }),
});

const LeadSubmitInput = builder.inputType('LeadSubmitInput', {
  fields: (t) => ({
    path: t.string({ required: true, description: 'The form\'s path after /form/.' }),
    submissionId: t.string({ required: true, description: 'A UUID the page makes once per submission: a retried request with it stores nothing more.' }),
    ticket: t.string({ required: true, description: 'LeadForm.ticket as the page received it.' }),
    fields: t.field({ type: [LeadFieldInput], required: true }),
    website: t.string({ required: false, description: 'The honeypot: left empty by people.' }),
    languageCode: t.field({ type: LanguageCodeEnum, required: true }),
    countryCode: t.string({ required: true, description: 'The country of the page\'s route.' }),
    consentTextVersion: t.string({ required: false, description: 'The marketing-consent tick\'s wording as the page showed it: its catalogue key and a hash of its text in the page\'s language (forms.field.EMAIL_OPT_IN#1a2b3c4d). Kept with the consent.' }),
  }),
});

builder.mutationField('leadFormSubmit', (t) =>
  t.field({
    type: builder.objectRef<LeadResult>('LeadFormSubmitPayload').implement({
      fields: (f) => ({
        submitted: f.exposeBoolean('submitted', { description: 'Stored (committed) before this answer.' }),
        formName: f.exposeString('formName', { nullable: true }),
        errors: f.field({ type: [LeadErrorRef], resolve: (p) => p.errors }),
      }),
    }),
    description: 'Sends a marketing form. A wrong field stores nothing (each error at its field); otherwise the lead is committed before the answer and delivered to the CRM. Rate limited per client address.',
    args: { input: t.arg({ type: LeadSubmitInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { clientIp } = ctx.requester();
      throwIfLimited(await ctx.limits.leadSubmit(clientIp));
      return ctx.leads.submit(input.path, {
        submissionId: input.submissionId, ticket: input.ticket, website: input.website ?? null,
        fields: input.fields.map((f) => ({ key: f.key as LeadFieldKey, value: f.value.slice(0, 10_000) })),
        languageCode: catalogueLanguage(input.languageCode), countryCode: input.countryCode.toUpperCase().slice(0, 2),
        consentTextVersion: input.consentTextVersion ?? null,
      }, { now: ctx.now(), clientIp });
    },
  }),
);
