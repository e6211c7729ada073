import { writeFileSync } from 'node:fs';
import { printAdminContract } from '../src/admin-graphql/schema.ts';
import { printContract } from '../src/graphql/schema.ts';

/**
 * Writes the public GraphQL contract to apps/server/schema.graphql and the console's to
 * apps/server/admin-schema.graphql (both committed; a test keeps them current).
 */
for (const [file, print] of [['../schema.graphql', printContract], ['../admin-schema.graphql', printAdminContract]] as const) {
  const target = new URL(file, import.meta.url);
  writeFileSync(target, print());
  console.log(`wrote ${target.pathname}`);
}
