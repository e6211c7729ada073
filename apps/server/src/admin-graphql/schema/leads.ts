import { leadFormsForStaff, listLeads, redeliverLead, type RedeliverError, type StaffLead } from '../../modules/leads/index.ts';
import { AdminErrorRef, builder } from '../builder.ts';

const Lead = builder.objectRef<StaffLead>('StaffLead').implement({
  description: 'A lead from a marketing form and where it is on its way to the CRM.',
  fields: (t) => ({
    id: t.exposeString('id'),
    formPath: t.exposeString('formPath'),
    formName: t.exposeString('formName'),
    email: t.string({ nullable: true, resolve: (l) => l.email }),
    name: t.string({ nullable: true, resolve: (l) => l.name }),
    company: t.string({ nullable: true, resolve: (l) => l.company }),
    country: t.exposeString('country'),
    language: t.exposeString('language'),
    createdAt: t.string({ resolve: (l) => l.createdAt.toISOString() }),
    deliveredAt: t.string({ nullable: true, resolve: (l) => l.deliveredAt?.toISOString() ?? null }),
    delivery: t.string({ description: 'SPAM, DELIVERED, PENDING, RETRYING or FAILED', resolve: (l) => l.delivery }),
    attempts: t.exposeInt('attempts'),
    lastError: t.string({ nullable: true, resolve: (l) => l.lastError }),
  }),
});

builder.queryField('leads', (t) => t.field({
  type: [Lead],
  description: 'Leads, newest first: by form path, submission day (YYYY-MM-DD, both ends included) and delivery state.',
  args: { formPath: t.arg.string(), from: t.arg.string(), to: t.arg.string(), delivery: t.arg.string(), first: t.arg.int({ defaultValue: 100 }) },
  resolve: async (_root, args, ctx) => {
    await ctx.require('leads.read');
    return listLeads(ctx.db, args, args.first ?? 100);
  },
}));

builder.queryField('leadForms', (t) => t.field({
  type: [builder.objectRef<{ path: string; name: string }>('StaffLeadForm').implement({ fields: (f) => ({ path: f.exposeString('path'), name: f.exposeString('name') }) })],
  resolve: async (_root, _args, ctx) => {
    await ctx.require('leads.read');
    return leadFormsForStaff(ctx.db);
  },
}));

builder.mutationField('leadRedeliver', (t) => t.field({
  type: builder.objectRef<{ errors: RedeliverError[] }>('StaffLeadRedeliverPayload').implement({ fields: (f) => ({ errors: f.field({ type: [AdminErrorRef], resolve: (p) => p.errors }) }) }),
  description: 'Sends a lead whose delivery failed to the CRM again (a new delivery job). Owners and order managers; audited.',
  args: { id: t.arg.string({ required: true }) },
  resolve: async (_root, { id }, ctx) => {
    const staff = await ctx.require('leads.redeliver');
    return redeliverLead(ctx.db, staff, id);
  },
}));
