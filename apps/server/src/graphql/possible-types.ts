import { isAbstractType } from 'graphql';
import { schema } from './schema.ts';

/** For each union and interface of the schema, the object types it can be (Apollo's possibleTypes). */
export function possibleTypes(): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const type of Object.values(schema.getTypeMap())) {
    if (isAbstractType(type) && !type.name.startsWith('__')) result[type.name] = schema.getPossibleTypes(type).map((t) => t.name).sort();
  }
  return Object.fromEntries(Object.entries(result).sort(([a], [b]) => a.localeCompare(b)));
}
