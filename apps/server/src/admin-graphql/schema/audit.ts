import { auditEntries, type AuditEntry } from '../../modules/staff/index.ts';
import { builder } from '../builder.ts';

const json = (value: unknown) => (value == null ? null : JSON.stringify(value));

const AuditEntryRef = builder.objectRef<AuditEntry>('AuditEntry').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    actorEmail: t.exposeString('actorEmail'),
    action: t.exposeString('action'),
    subject: t.exposeString('subject'),
    before: t.string({ nullable: true, description: 'JSON', resolve: (e) => json(e.before) }),
    after: t.string({ nullable: true, description: 'JSON', resolve: (e) => json(e.after) }),
    createdAt: t.string({ resolve: (e) => e.createdAt.toISOString() }),
  }),
});

builder.queryField('auditLog', (t) => t.field({
  type: [AuditEntryRef],
  description: 'Changes made through the console, newest first: who, when, what, before and after.',
  args: { subject: t.arg.string(), before: t.arg.int(), first: t.arg.int({ defaultValue: 50 }) },
  resolve: async (_root, args, ctx) => {
    await ctx.require('audit.read');
    return auditEntries(ctx.db, { subject: args.subject ?? null, before: args.before ?? null, first: args.first ?? 50 });
  },
}));
