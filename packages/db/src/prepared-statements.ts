import type { ClientBase, QueryConfig } from 'pg';

/** A statement is prepared on its third use: the store's own statements, not one-off ones (seeds, rare list lengths). */
export const PREPARE_AT_USE = 3;
/** At most this many statements are prepared (per connection, the same ones on each): bounds PostgreSQL's memory for them. */
export const MAX_PREPARED = 400;
/** The uses of statements not yet prepared are counted for at most this many texts, then counting starts again. */
const MAX_COUNTED = 4000;

/** Which statement texts are prepared, under which names; one per pool, shared by its connections. */
export interface PreparedStatements {
  names: Map<string, string>;
  uses: Map<string, number>;
}

export const preparedStatements = (): PreparedStatements => ({ names: new Map(), uses: new Map() });

/**
 * Sends the statements this store sends often as named prepared statements. node-postgres sends a statement
 * without a name as an unnamed one, which PostgreSQL parses and plans on every execution: with the ORM's
 * statements (every column named) that was a third of PostgreSQL's time per placed order. A named one is
 * parsed once per connection; node-postgres remembers which are (docs/decisions/0027). Only statements with
 * parameters are named: the others (transaction control, migrations) go as simple queries, as before.
 */
export function prepareFrequentStatements(client: ClientBase, registry: PreparedStatements): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    const asConfig = (typeof config === 'string' ? { text: config } : config) as QueryConfig | null;
    const named = nameFor(registry, asConfig, values);
    return named ? query({ ...asConfig, name: named }, values, callback) : query(config, values, callback);
  };
}

function nameFor(registry: PreparedStatements, config: QueryConfig | null, values: unknown): string | undefined {
  if (!config || typeof config !== 'object' || !Array.isArray(values) || !values.length) return undefined;
  const { text, name } = config;
  if (name || typeof text !== 'string') return undefined;
  const known = registry.names.get(text);
  if (known || registry.names.size >= MAX_PREPARED) return known;
  const uses = (registry.uses.get(text) ?? 0) + 1;
  if (uses < PREPARE_AT_USE) {
    if (registry.uses.size >= MAX_COUNTED) registry.uses.clear();
    registry.uses.set(text, uses);
    return undefined;
  }
  registry.uses.delete(text);
  const assigned = `probe_${registry.names.size + 1}`;
  registry.names.set(text, assigned);
  return assigned;
}
