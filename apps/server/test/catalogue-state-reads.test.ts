import { schema } from '@probe/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueService } from '../src/modules/catalogue/index.ts';
import { startTestApp, type TestApp } from './harness.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/**
 * Uncached (the version's read-ahead off), every request reads the settings row, which carries the catalogue
 * version: requests asking at once share a statement, and none is answered by one sent before it asked.
 */
describe(`the settings row read per request (${DB})`, () => {
  let t: TestApp;
  let service: CatalogueService;
  beforeAll(async () => {
    t = await startTestApp();
    service = new CatalogueService(t.database.db, { cache: true, versionTtlMs: 0 });
  });
  afterAll(() => t?.close());

  const statementsFor = async (requests: number) => {
    const before = t.database.stats.statements;
    const rows = await Promise.all(Array.from({ length: requests }, () => service.forRequest().settings()));
    return { statements: t.database.stats.statements - before, versions: new Set(rows.map((r) => r.catalogueVersion)) };
  };

  it('the first request sends its read; the ones that ask while it runs share the next one', async () => {
    expect((await statementsFor(1)).statements).toBe(1);
    expect((await statementsFor(2)).statements).toBe(2);
    expect((await statementsFor(50)).statements).toBe(2);
  });

  it('a request sees the catalogue version committed before it asked, however many asked before it', async () => {
    const db = t.database.db;
    const [{ version }] = (await db.select({ version: schema.shopSettings.catalogueVersion }).from(schema.shopSettings).where(eq(schema.shopSettings.id, 1))) as [{ version: number }];
    const earlier = Array.from({ length: 10 }, () => service.forRequest().settings());
    await db.update(schema.shopSettings).set({ catalogueVersion: sql`${schema.shopSettings.catalogueVersion} + 1` }).where(eq(schema.shopSettings.id, 1));
    const later = await service.forRequest().settings();
    expect(later.catalogueVersion).toBe(version + 1);
    await Promise.all(earlier);
  });
});
