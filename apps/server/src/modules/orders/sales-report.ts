import { schema, type Database } from '@probe/db';
import { and, gte, lt, sql } from 'drizzle-orm';

export interface Money { currency: string; gross: number }
export interface SalesReport {
  from: Date;
  to: Date;
  /** Each day (UTC) of the range with orders: how many, and their gross per currency. */
  days: Array<{ date: string; orders: number; totals: Money[] }>;
  /** Each country with orders in the range, most orders first. */
  countries: Array<{ country: string; orders: number; totals: Money[] }>;
  /** Checkouts created in the range, and orders placed from them: the conversion. */
  checkouts: number;
  converted: number;
}

/** Orders are paid in eleven currencies: totals are kept per currency, never added across them. */
function totalsOf(rows: Array<{ currency: string; gross: number }>): Money[] {
  return rows.map((r) => ({ currency: r.currency, gross: Number(r.gross) })).sort((a, b) => a.currency.localeCompare(b.currency));
}

/** Sales per day and per country, and checkout conversion, for the console's dashboard. Three grouped statements. */
export async function salesReport(db: Pick<Database, 'select'>, from: Date, to: Date): Promise<SalesReport> {
  const inRange = and(gte(schema.orders.createdAt, from), lt(schema.orders.createdAt, to));
  const day = sql<string>`to_char(${schema.orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [byDay, byCountry, conversion] = await Promise.all([
    db.select({ key: day, currency: schema.orders.currency, orders: sql<number>`count(*)::int`, gross: sql<number>`sum(${schema.orders.totalGross})::bigint` })
      .from(schema.orders).where(inRange).groupBy(day, schema.orders.currency),
    db.select({ key: schema.orders.country, currency: schema.orders.currency, orders: sql<number>`count(*)::int`, gross: sql<number>`sum(${schema.orders.totalGross})::bigint` })
      .from(schema.orders).where(inRange).groupBy(schema.orders.country, schema.orders.currency),
    db.select({ checkouts: sql<number>`count(*)::int`, converted: sql<number>`count(${schema.checkouts.completedOrderToken})::int` })
      .from(schema.checkouts).where(and(gte(schema.checkouts.createdAt, from), lt(schema.checkouts.createdAt, to))),
  ]);
  const group = (rows: typeof byDay) => {
    const map = new Map<string, { orders: number; totals: Array<{ currency: string; gross: number }> }>();
    for (const r of rows) {
      const entry = map.get(r.key) ?? { orders: 0, totals: [] };
      entry.orders += Number(r.orders);
      entry.totals.push({ currency: r.currency, gross: Number(r.gross) });
      map.set(r.key, entry);
    }
    return [...map.entries()].map(([key, v]) => ({ key, orders: v.orders, totals: totalsOf(v.totals) }));
  };
  return {
    from, to,
    days: group(byDay).map(({ key, ...rest }) => ({ date: key, ...rest })).sort((a, b) => a.date.localeCompare(b.date)),
    countries: group(byCountry).map(({ key, ...rest }) => ({ country: key, ...rest })).sort((a, b) => b.orders - a.orders || a.country.localeCompare(b.country)),
    checkouts: Number(conversion[0]?.checkouts ?? 0),
    converted: Number(conversion[0]?.converted ?? 0),
  };
}
