import { writeFileSync } from 'node:fs';
import { possibleTypes } from '../src/graphql/possible-types.ts';

/** Writes the storefront's Apollo possibleTypes from the schema (committed; a test keeps it current). */
const target = new URL('../../storefront/src/graphql/possible-types.json', import.meta.url);
writeFileSync(target, JSON.stringify(possibleTypes(), null, 2) + '\n');
console.log(`wrote ${target.pathname}`);
