import { auditChoices, auditEntries, auditPage, AUDIT_PAGE_MAX, type AuditEntry } from '../../modules/staff/index.ts';
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

const AuditPageRef = builder.objectRef<{ entries: AuditEntry[]; next: number | null }>('StaffAuditPage').implement({
  fields: (t) => ({
    entries: t.field({ type: [AuditEntryRef], resolve: (p) => p.entries }),
    next: t.string({ nullable: true, description: 'Pass as `after` for the next (older) page; null on the last one.', resolve: (p) => (p.next === null ? null : String(p.next)) }),
  }),
});

const AuditFilterInput = builder.inputType('StaffAuditFilter', {
  fields: (t) => ({
    actorEmail: t.string({ description: 'Changes made by this member of staff (their e-mail address)' }),
    kind: t.string({ description: 'The kind of thing changed: price, tax, promo, order, staff-invitation … (see auditLogChoices.kinds)' }),
    from: t.string({ description: 'ISO date: changes on or after this day (UTC)' }),
    to: t.string({ description: 'ISO date: changes on or before this day (UTC), the day included' }),
  }),
});

const AuditChoicesRef = builder.objectRef<{ actors: string[]; kinds: string[] }>('StaffAuditChoices').implement({
  fields: (t) => ({
    actors: t.stringList({ description: 'Everyone who has changed something, by e-mail address', resolve: (c) => c.actors }),
    kinds: t.stringList({ description: 'Every kind of thing changed so far', resolve: (c) => c.kinds }),
  }),
});

const dayOf = (s: string | null | undefined) => (s && /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s)) ? new Date(s) : null);
const cursorOf = (after: string | null | undefined) => (after && /^\d{1,15}$/.test(after) ? Number(after) : null);

builder.queryFields((t) => ({
  auditLogPage: t.field({
    type: AuditPageRef,
    description: `Changes made through the console, newest first, filtered by who, the kind of thing changed and UTC days, a page at a time (at most ${AUDIT_PAGE_MAX} entries).`,
    args: { filter: t.arg({ type: AuditFilterInput }), first: t.arg.int({ defaultValue: 25 }), after: t.arg.string() },
    resolve: async (_root, { filter, first, after }, ctx) => {
      await ctx.require('audit.read');
      return auditPage(ctx.db, { actorEmail: filter?.actorEmail?.trim() || null, kind: filter?.kind?.trim() || null, from: dayOf(filter?.from), to: dayOf(filter?.to) }, { first, before: cursorOf(after) });
    },
  }),
  auditLogChoices: t.field({
    type: AuditChoicesRef,
    description: 'What the audit log\'s filters offer: who has changed something and the kinds of thing changed.',
    resolve: async (_root, _args, ctx) => {
      await ctx.require('audit.read');
      return auditChoices(ctx.db);
    },
  }),
}));
