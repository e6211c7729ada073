import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_REFERENCE_FILE, configReference, configVariables } from '../scripts/config-reference.ts';

describe('the configuration reference (docs/configuration.md)', () => {
  it('describes every variable of the schema', () => {
    const undescribed = configVariables().filter((v) => !v.description).map((v) => v.name);
    expect(undescribed, 'give these variables a description in apps/server/src/config.ts with .describe() or .meta({ description }), called last (outside .default(), .optional(), .transform())').toEqual([]);
  });

  it('is what the schema in apps/server/src/config.ts gives', () => {
    const committed = readFileSync(CONFIG_REFERENCE_FILE, 'utf8');
    const generated = configReference();
    // Not toBe: its diff of two whole files would bury the one thing to do.
    if (committed !== generated) {
      const [have, want] = [committed.split('\n'), generated.split('\n')];
      let at = 0;
      while (have[at] === want[at]) at += 1;
      expect.fail(`docs/configuration.md differs from apps/server/src/config.ts (or apps/server/scripts/config-reference-extra.md): run \`npm run docs:config\` and commit the result.\nFirst difference, line ${at + 1}:\n  file:   ${have[at] ?? '(end of file)'}\n  schema: ${want[at] ?? '(end of file)'}`);
    }
  });
});
