import { salesReport, type SalesReport } from '../../modules/orders/index.ts';
import { builder } from '../builder.ts';

const MoneyRef = builder.objectRef<SalesReport['days'][number]['totals'][number]>('StaffMoney').implement({
  description: 'An amount in one currency (minor units): as placed (gross), refunded since, and net of those refunds.',
  fields: (t) => ({
    currency: t.exposeString('currency'),
    gross: t.exposeInt('gross', { description: 'The orders\' totals as placed (cancelled orders left out)' }),
    refunded: t.exposeInt('refunded', { description: 'What went back to the buyers (refunds that went through)' }),
    net: t.exposeInt('net', { description: 'gross − refunded: the sales' }),
  }),
});
const DayRef = builder.objectRef<SalesReport['days'][number]>('StaffSalesDay').implement({
  fields: (t) => ({ date: t.exposeString('date'), orders: t.exposeInt('orders'), totals: t.field({ type: [MoneyRef], resolve: (d) => d.totals }) }),
});
const CountryRef = builder.objectRef<SalesReport['countries'][number]>('StaffSalesCountry').implement({
  fields: (t) => ({ country: t.exposeString('country'), orders: t.exposeInt('orders'), totals: t.field({ type: [MoneyRef], resolve: (c) => c.totals }) }),
});
const ReportRef = builder.objectRef<SalesReport>('StaffSalesReport').implement({
  fields: (t) => ({
    from: t.string({ resolve: (r) => r.from.toISOString() }),
    to: t.string({ resolve: (r) => r.to.toISOString() }),
    days: t.field({ type: [DayRef], resolve: (r) => r.days }),
    countries: t.field({ type: [CountryRef], resolve: (r) => r.countries }),
    checkouts: t.exposeInt('checkouts', { description: 'Checkouts created in the range' }),
    converted: t.exposeInt('converted', { description: 'Of those, how many became orders' }),
  }),
});

builder.queryField('salesReport', (t) => t.field({
  type: ReportRef,
  description: 'Sales per day (every day, those without orders as zeros) and per country, per currency, cancelled orders left out and net of refunds, and checkout conversion, over the last `days` days, today included.',
  args: { days: t.arg.int({ defaultValue: 30 }) },
  resolve: async (_root, { days }, ctx) => {
    await ctx.require('orders.read');
    const span = Math.min(Math.max(days ?? 30, 1), 366);
    const to = new Date(ctx.now());
    to.setUTCHours(24, 0, 0, 0);
    return salesReport(ctx.db, new Date(to.getTime() - span * 86_400_000), to);
  },
}));
