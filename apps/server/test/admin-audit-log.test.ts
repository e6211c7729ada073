import { DEMO_USERS, schema } from '@probe/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminGql, denied, startAppWithEveryRole } from './admin-support.ts';
import type { TestApp } from './harness.ts';

const [individual, , , vet, , , operator] = DEMO_USERS;
let t: TestApp;
let as: Record<string, Record<string, string>>;

interface Entry { id: number; actorEmail: string; action: string; subject: string; createdAt: string }
interface Page { entries: Entry[]; next: string | null }
const PAGE = 'query A($f: StaffAuditFilter, $first: Int, $after: String) { auditLogPage(filter: $f, first: $first, after: $after) { entries { id actorEmail action subject createdAt } next } }';
const page = async (filter: Record<string, string> | null, first = 25, after: string | null = null, who = as.owner!) =>
  (await adminGql<{ auditLogPage: Page }>(t, PAGE, { f: filter, first, after }, who)).data!.auditLogPage;
/** Every entry a filter finds, page after page of `first`, checking that no entry comes twice. */
async function walk(filter: Record<string, string> | null, first: number): Promise<{ entries: Entry[]; pages: number }> {
  const entries: Entry[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const p = await page(filter, first, after);
    expect(p.entries.length).toBeLessThanOrEqual(first);
    entries.push(...p.entries);
    after = p.next;
    pages += 1;
  } while (after && pages < 500);
  expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
  return { entries, pages };
}

const old = (createdAt: string, subject: string, actorEmail = 'former@demo.probe.store') =>
  ({ actorId: 'former', actorEmail, action: 'order.cancel', subject, before: null, after: { cancelled: true }, createdAt: new Date(createdAt) });

beforeAll(async () => {
  const app = await startAppWithEveryRole();
  t = app.t;
  as = { ...app.as, buyer: await app.sign(individual!) };
  // Changes made through the console by two people...
  const price = await adminGql<{ countryPricesUpdate: { saved: boolean } }>(t, 'mutation { countryPricesUpdate(country: "DE", changes: [{ sku: "ACC-USBC-1M", amount: 1999 }]) { saved } }', {}, as.catalogue);
  expect(price.data!.countryPricesUpdate.saved).toBe(true);
  for (const code of ['AUDIT1', 'AUDIT2', 'AUDIT3']) {
    const made = await adminGql<{ promoCreate: { errors: unknown[] } }>(t, 'mutation C($i: StaffPromoInput!) { promoCreate(input: $i) { errors { field } } }', { i: { code, name: code, percent: 5 } }, as.catalogue);
    expect(made.data!.promoCreate.errors).toEqual([]);
  }
  const tax = await adminGql<{ taxRatesUpdate: { saved: boolean } }>(t, 'mutation { taxRatesUpdate(country: "AT", changes: [{ area: "", taxClass: "STANDARD", percent: "20.5", name: "USt" }]) { saved } }', {}, as.owner);
  expect(tax.data!.taxRatesUpdate.saved).toBe(true);
  // ... and, kept from January, a day's edges and 120 changes of someone who has left.
  await t.database.db.insert(schema.auditLog).values([
    old('2026-01-10T23:59:59Z', 'order:P-JAN-10'), old('2026-01-11T00:00:00Z', 'order:P-JAN-11A'), old('2026-01-11T23:59:59Z', 'order:P-JAN-11B'), old('2026-01-12T00:00:00Z', 'order:P-JAN-12'),
    ...Array.from({ length: 120 }, (_, i) => old('2026-01-05T10:00:00Z', `order:P-BULK-${i}`, 'bulk@demo.probe.store')),
  ]);
});
afterAll(() => t?.close());

describe('the audit log in the console (issue 35): filtered and paged on the server', () => {
  it('narrows to who made the change, the kind of thing changed, and UTC days with both ends included', async () => {
    const byVet = await walk({ actorEmail: vet!.email }, 25);
    expect(byVet.entries.map((e) => e.subject).sort()).toEqual(['price:DE:ACC-USBC-1M', 'promo:AUDIT1', 'promo:AUDIT2', 'promo:AUDIT3']);
    const prices = await walk({ kind: 'price' }, 25);
    expect(prices.entries.length).toBeGreaterThan(0);
    expect(prices.entries.every((e) => e.subject.startsWith('price:'))).toBe(true);
    expect((await walk({ kind: 'promo', actorEmail: operator!.email }, 25)).entries).toEqual([]);
    expect((await walk({ kind: 'tax', actorEmail: operator!.email }, 25)).entries.map((e) => e.subject)).toEqual(['tax:AT:/STANDARD']);
    // A kind is matched whole: "pro" is neither "promo" nor "product".
    expect((await walk({ kind: 'pro' }, 25)).entries).toEqual([]);

    const days = async (from: string, to: string) => (await walk({ actorEmail: 'former@demo.probe.store', from, to }, 25)).entries.map((e) => e.subject);
    expect(await days('2026-01-11', '2026-01-11')).toEqual(['order:P-JAN-11B', 'order:P-JAN-11A']);
    expect(await days('2026-01-10', '2026-01-11')).toEqual(['order:P-JAN-11B', 'order:P-JAN-11A', 'order:P-JAN-10']);
    expect(await days('2026-01-12', '2026-12-31')).toEqual(['order:P-JAN-12']);
    expect(await days('2026-01-13', '2026-01-11')).toEqual([]);
  });

  it('pages newest first by a cursor, with no entry twice or missed, and never more than 100 to a page', async () => {
    const all = await walk(null, 100);
    const byTwo = await walk(null, 2);
    expect(byTwo.entries.map((e) => e.id)).toEqual(all.entries.map((e) => e.id));
    expect(byTwo.pages).toBe(Math.ceil(all.entries.length / 2));
    const ids = all.entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const bulk = await page({ actorEmail: 'bulk@demo.probe.store' }, 10_000);
    expect(bulk.entries).toHaveLength(100);
    expect(bulk.next).not.toBeNull();
    const rest = await page({ actorEmail: 'bulk@demo.probe.store' }, 10_000, bulk.next);
    expect(rest.entries).toHaveLength(20);
    expect(rest.next).toBeNull();
    expect((await page(null, 0)).entries).toHaveLength(1);
    // A cursor that is not one starts again from the newest.
    expect((await page(null, 1, 'not-a-cursor')).entries[0]!.id).toBe(ids[0]);
  });

  it('offers who changed something and the kinds changed; every staff role reads the log (the role rules give audit.read to all), a buyer nothing', async () => {
    const CHOICES = '{ auditLogChoices { actors kinds } }';
    const choices = (await adminGql<{ auditLogChoices: { actors: string[]; kinds: string[] } }>(t, CHOICES, {}, as.owner)).data!.auditLogChoices;
    expect(choices.actors).toEqual(expect.arrayContaining([vet!.email, operator!.email, 'former@demo.probe.store', 'bulk@demo.probe.store']));
    expect(choices.kinds).toEqual(expect.arrayContaining(['order', 'price', 'promo', 'tax']));
    expect(new Set(choices.actors).size).toBe(choices.actors.length);

    const owners = await page({ kind: 'promo' });
    for (const role of ['support', 'orders', 'catalogue'] as const) {
      expect(await page({ kind: 'promo' }, 25, null, as[role]), role).toEqual(owners);
      expect((await adminGql<{ auditLogChoices: unknown }>(t, CHOICES, {}, as[role])).data!.auditLogChoices, role).toEqual(choices);
    }
    expect(denied(await adminGql(t, PAGE, { f: null }, as.buyer))).toBe(true);
    expect(denied(await adminGql(t, CHOICES, {}, as.buyer))).toBe(true);
    expect(denied(await adminGql(t, CHOICES, {}))).toBe(true);
  });
});
