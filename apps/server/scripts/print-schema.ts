import { writeFileSync } from 'node:fs';
import { printContract } from '../src/graphql/schema.ts';

/** Writes the public GraphQL contract to apps/server/schema.graphql (committed; a test keeps it current). */
const target = new URL('../schema.graphql', import.meta.url);
writeFileSync(target, printContract());
console.log(`wrote ${target.pathname}`);
