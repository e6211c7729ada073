import { schema, type Database } from '@probe/db';
import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';

/** An amount per currency: `gross` as the orders were placed, `refunded` what went back to the buyers, `net` the difference. */
export interface Money { currency: string; gross: number; refunded: number; net: number }
export interface SalesReport {
  from: Date;
  to: Date;
  /** Each day (UTC) of the range, those without orders too (0 and no totals): how many orders, and their sales per currency. */
  days: Array<{ date: string; orders: number; totals: Money[] }>;
  /** Each country with orders in the range, most orders first. */
  countries: Array<{ country: string; orders: number; totals: Money[] }>;
  /** Checkouts created in the range, and orders placed from them: the conversion. */
  checkouts: number;
  converted: number;
}

/** Orders are paid in eleven currencies: totals are kept per currency, never added across them. */
function totalsOf(rows: Array<{ currency: string; gross: number; refunded: number }>): Money[] {
  return rows
    .map((r) => ({ currency: r.currency, gross: Number(r.gross), refunded: Number(r.refunded), net: Number(r.gross) - Number(r.refunded) }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

const DAY_MS = 86_400_000;

/**
 * Sales per day and per country, and checkout conversion, for the console's dashboard. Three grouped statements.
 * Sales are the orders placed in the range, cancelled ones left out, net of the refunds that went through
 * (counted on the order's day and country, so a day's figure is what its orders finally brought in).
 */
export async function salesReport(db: Pick<Database, 'select'>, from: Date, to: Date): Promise<SalesReport> {
  const inRange = and(gte(schema.orders.createdAt, from), lt(schema.orders.createdAt, to), isNull(schema.orders.cancelledAt));
  const day = sql<string>`to_char(${schema.orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const refunded = db.select({ orderId: schema.refunds.orderId, amount: sql<number>`sum(${schema.refunds.amount})`.as('amount') })
    .from(schema.refunds).where(eq(schema.refunds.status, 'SUCCEEDED')).groupBy(schema.refunds.orderId).as('refunded');
  const sums = {
    currency: schema.orders.currency, orders: sql<number>`count(*)::int`,
    gross: sql<number>`sum(${schema.orders.totalGross})::bigint`, refunded: sql<number>`coalesce(sum(${refunded.amount}), 0)::bigint`,
  };
  const [byDay, byCountry, conversion] = await Promise.all([
    db.select({ key: day, ...sums }).from(schema.orders).leftJoin(refunded, eq(refunded.orderId, schema.orders.id)).where(inRange).groupBy(day, schema.orders.currency),
    db.select({ key: schema.orders.country, ...sums }).from(schema.orders).leftJoin(refunded, eq(refunded.orderId, schema.orders.id)).where(inRange).groupBy(schema.orders.country, schema.orders.currency),
    db.select({ checkouts: sql<number>`count(*)::int`, converted: sql<number>`count(${schema.checkouts.completedOrderToken})::int` })
      .from(schema.checkouts).where(and(gte(schema.checkouts.createdAt, from), lt(schema.checkouts.createdAt, to))),
  ]);
  const group = (rows: typeof byDay) => {
    const map = new Map<string, { orders: number; totals: Array<{ currency: string; gross: number; refunded: number }> }>();
    for (const r of rows) {
      const entry = map.get(r.key) ?? { orders: 0, totals: [] };
      entry.orders += Number(r.orders);
      entry.totals.push({ currency: r.currency, gross: Number(r.gross), refunded: Number(r.refunded) });
      map.set(r.key, entry);
    }
    return [...map.entries()].map(([key, v]) => ({ key, orders: v.orders, totals: totalsOf(v.totals) }));
  };
  // Every day of the range is drawn: a day without orders is a zero, not a gap the chart closes up.
  const withOrders = new Map(group(byDay).map(({ key, ...rest }) => [key, rest]));
  const days: SalesReport['days'] = [];
  for (let at = from.getTime(); at < to.getTime(); at += DAY_MS) {
    const date = new Date(at).toISOString().slice(0, 10);
    days.push({ date, ...(withOrders.get(date) ?? { orders: 0, totals: [] }) });
  }
  return {
    from, to,
    days,
    countries: group(byCountry).map(({ key, ...rest }) => ({ country: key, ...rest })).sort((a, b) => b.orders - a.orders || a.country.localeCompare(b.country)),
    checkouts: Number(conversion[0]?.checkouts ?? 0),
    converted: Number(conversion[0]?.converted ?? 0),
  };
}
