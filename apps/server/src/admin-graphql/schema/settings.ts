import { getShopSettings, setMaintenance } from '../../modules/shop/index.ts';
import { AdminErrorRef, builder } from '../builder.ts';

const Maintenance = builder.objectRef<Awaited<ReturnType<typeof getShopSettings>>>('StaffMaintenance').implement({
  fields: (t) => ({
    on: t.boolean({ resolve: (s) => s.maintenanceMode }),
    header: t.string({ nullable: true, resolve: (s) => s.maintenancePageHeader }),
    content: t.string({ nullable: true, resolve: (s) => s.maintenancePageContent }),
    url: t.string({ nullable: true, resolve: (s) => s.maintenancePageUrl }),
    allowIps: t.stringList({ resolve: (s) => s.maintenanceAllowIps }),
  }),
});

const MaintenanceInput = builder.inputType('StaffMaintenanceInput', {
  fields: (t) => ({ on: t.boolean({ required: true }), header: t.string(), content: t.string(), url: t.string(), allowIps: t.stringList() }),
});

builder.queryField('maintenance', (t) => t.field({
  type: Maintenance,
  resolve: async (_root, _args, ctx) => {
    await ctx.require('settings.read');
    return getShopSettings(ctx.db);
  },
}));

builder.mutationField('maintenanceSet', (t) => t.field({
  type: builder.objectRef<{ maintenance: Awaited<ReturnType<typeof getShopSettings>> | null; errors: Array<{ field: string | null; code: string; message: string }> }>('StaffMaintenancePayload').implement({
    fields: (f) => ({
      maintenance: f.field({ type: Maintenance, nullable: true, resolve: (p) => p.maintenance }),
      errors: f.field({ type: [AdminErrorRef], resolve: (p) => p.errors }),
    }),
  }),
  description: 'Maintenance mode on or off, its page (header, text, link) and the client addresses still let through.',
  args: { input: t.arg({ type: MaintenanceInput, required: true }) },
  resolve: async (_root, { input }, ctx) => {
    const staff = await ctx.require('settings.write');
    const { errors } = await setMaintenance(ctx.db, staff, { on: input.on, header: input.header ?? null, content: input.content ?? null, url: input.url ?? null, allowIps: input.allowIps ?? [] });
    return { maintenance: errors.length ? null : await getShopSettings(ctx.db), errors };
  },
}));
