import { schema } from '@probe/db';
import { inArray, sql } from 'drizzle-orm';
import { listDataRequests, requestErasure, type DataRequest } from '../../modules/privacy/index.ts';
import { AdminErrorRef, builder } from '../builder.ts';

interface Row { request: DataRequest; email: string | null; handledByEmail: string | null }

const StaffDataRequest = builder.objectRef<Row>('StaffDataRequest').implement({
  description: 'A data subject\'s request (export or erasure) as staff follow it: whose, its state and steps, who started or handled it.',
  fields: (t) => ({
    id: t.string({ resolve: (r) => r.request.id }),
    kind: t.string({ resolve: (r) => r.request.kind }),
    state: t.string({ resolve: (r) => r.request.state }),
    source: t.string({ description: 'USER (from my account) or STAFF', resolve: (r) => r.request.source }),
    userId: t.string({ resolve: (r) => r.request.userId }),
    email: t.string({ nullable: true, description: 'The account\'s e-mail while it exists (null once erased).', resolve: (r) => r.email }),
    handledBy: t.string({ nullable: true, description: 'The operator who started it, by e-mail.', resolve: (r) => r.handledByEmail }),
    steps: t.stringList({ resolve: (r) => r.request.steps }),
    refusal: t.string({ nullable: true, resolve: (r) => r.request.refusal }),
    createdAt: t.string({ resolve: (r) => r.request.createdAt.toISOString() }),
    finishedAt: t.string({ nullable: true, resolve: (r) => r.request.finishedAt?.toISOString() ?? null }),
  }),
});

builder.queryField('dataRequests', (t) => t.field({
  type: [StaffDataRequest],
  description: 'Data requests (export, erasure), newest first.',
  args: { kind: t.arg.string(), first: t.arg.int({ defaultValue: 50 }) },
  resolve: async (_root, { kind, first }, ctx) => {
    await ctx.require('privacy.read');
    const requests = await listDataRequests(ctx.db, { kind: kind === 'EXPORT' || kind === 'ERASURE' ? kind : null, first: first ?? 50 });
    const ids = [...new Set(requests.flatMap((r) => [r.userId, r.handledBy ?? []]).flat())];
    const users = ids.length ? await ctx.db.select({ id: schema.users.id, email: schema.users.email }).from(schema.users).where(inArray(schema.users.id, ids)) : [];
    const email = new Map(users.map((u) => [u.id, u.email]));
    return requests.map((request) => ({ request, email: email.get(request.userId) ?? null, handledByEmail: request.handledBy ? (email.get(request.handledBy) ?? request.handledBy) : null }));
  },
}));

builder.mutationField('dataErasureStart', (t) => t.field({
  type: builder.objectRef<{ request: DataRequest | null; errors: Array<{ field: string | null; code: string; message: string }> }>('StaffDataErasurePayload').implement({
    fields: (f) => ({
      request: f.field({ type: StaffDataRequest, nullable: true, resolve: (p) => (p.request ? { request: p.request, email: null, handledByEmail: null } : null) }),
      errors: f.field({ type: [AdminErrorRef], resolve: (p) => p.errors }),
    }),
  }),
  description: 'Starts the erasure of a customer\'s account and personal data on their request (GDPR art. 17), by the e-mail of their account. Refused with what must happen first for the last admin of an organization with a live subscription, or a staff account. In the audit log, with each step of the job.',
  args: { email: t.arg.string({ required: true }) },
  resolve: async (_root, { email }, ctx) => {
    const staff = await ctx.require('privacy.erase');
    const unknown = { request: null, errors: [{ field: 'email', code: 'NOT_FOUND', message: 'No account has this e-mail.' }] };
    if (email.length > 254) return unknown;
    const [user] = await ctx.db.select({ id: schema.users.id }).from(schema.users).where(sql`lower(${schema.users.email}) = ${email.trim().toLowerCase()}`).limit(1);
    if (!user) return unknown;
    const { request, error } = await requestErasure(ctx.db, { userId: user.id, source: 'STAFF', handledBy: staff.id, actor: staff });
    return { request, errors: error ? [{ field: error.code === 'NOT_FOUND' ? 'email' : null, code: error.code, message: error.staffMessage }] : [] };
  },
}));
