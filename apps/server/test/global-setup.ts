import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGLITE_TEMPLATE_ENV, writePgliteTemplate } from '@probe/db/testing';

/** On the embedded database, one migrated and seeded template for the whole run; each test file loads a copy of it. */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'probe-template-'));
  const file = join(dir, 'template.tar');
  await writePgliteTemplate(file);
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
