import { getTableColumns, is, Param, Placeholder, SQL, type DriverValueEncoder, type Query } from 'drizzle-orm';
import { PgDialect, type PgTable, type SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

/** What the ORM built for a statement: its text, its parameters (placeholders where values go), how rows map. */
interface Built {
  query: Query;
  fields: SelectedFieldsOrdered | undefined;
  arrayMode: boolean;
  customResultMapper: ((rows: unknown[][]) => unknown) | undefined;
  joinsNotNullableMap: unknown;
  /** How each placeholder's value goes to the driver (its column's mapping), by placeholder name. */
  encoders: Map<string, DriverValueEncoder<unknown, unknown>>;
}

/** A query builder of the ORM (select, insert, update, delete), with `sql.placeholder()` where its values go. */
interface Preparable<T> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<T> };
}

/** Anything statements run on: the database (its pool) or a transaction. */
type Runner = Pick<Database, 'execute'>;

const dialect = new PgDialect();

/**
 * A statement the ORM builds once, then runs with each call's values on whatever runs it: the pool or a
 * transaction, on PostgreSQL or PGlite. Building a statement (every column named, every part checked) cost
 * the ORM more than sending it: a quarter of the server's time per placed order. drizzle's own prepare()
 * keeps the built statement but binds it to the connection it was made on, so a transaction cannot use it
 * (drizzle-orm#2826); this keeps what it built and asks the runner's session for a query of it per call.
 * `build` gets a database to build on and returns a query builder, or an `sql` template (its rows come
 * back as the driver gives them: column names, database values).
 */
export function reusable<T, V extends Record<string, unknown> = Record<string, unknown>>(build: (db: Database) => Preparable<T> | SQL): (runner: Runner, values: V) => Promise<T> {
  let built: Built | undefined;
  return (runner, values) => {
    const session = (runner as Database)._.session;
    built ??= capture(build(runner as Database));
    const query = session.prepareQuery(built.query, built.fields, undefined, built.arrayMode, built.customResultMapper as never);
    (query as unknown as { joinsNotNullableMap: unknown }).joinsNotNullableMap = built.joinsNotNullableMap;
    return query.execute(encode(built.encoders, values)) as Promise<T>;
  };
}

/**
 * A value for a column goes through the column's mapping, as the ORM does when it builds with values, null
 * excepted: drizzle maps a placeholder's null too (a jsonb column would store JSON null, a timestamp throw).
 */
function encode(encoders: Built['encoders'], values: Record<string, unknown>): Record<string, unknown> {
  if (!encoders.size) return values;
  const encoded = { ...values };
  for (const [name, encoder] of encoders) if (encoded[name] !== null && encoded[name] !== undefined) encoded[name] = encoder.mapToDriverValue(encoded[name]);
  return encoded;
}

/** The built parameters with each column value's placeholder bare (its mapping kept aside, for encode()). */
function withEncoders(query: Query): Pick<Built, 'query' | 'encoders'> {
  const encoders: Built['encoders'] = new Map();
  const params = query.params.map((param) => {
    if (!is(param, Param) || !is(param.value, Placeholder)) return param;
    encoders.set(param.value.name, param.encoder);
    return param.value;
  });
  return { query: { sql: query.sql, params }, encoders };
}

function capture(statement: Preparable<unknown> | SQL): Built {
  if (is(statement, SQL)) return { ...withEncoders(dialect.sqlToQuery(statement)), fields: undefined, arrayMode: false, customResultMapper: undefined, joinsNotNullableMap: undefined };
  // The driver's prepared query holds what the builder made (both drivers' use these names).
  const prepared = statement.prepare('reusable') as unknown as {
    queryString: string; params: unknown[]; fields: SelectedFieldsOrdered | undefined; customResultMapper: Built['customResultMapper'];
    joinsNotNullableMap: unknown; isResponseInArrayMode(): boolean;
  };
  return {
    ...withEncoders({ sql: prepared.queryString, params: prepared.params }),
    fields: prepared.fields, arrayMode: prepared.isResponseInArrayMode(), customResultMapper: prepared.customResultMapper, joinsNotNullableMap: prepared.joinsNotNullableMap,
  };
}

/**
 * How a row of `table` that an `sql` statement returned (column names, the driver's values, or the values of
 * its row_to_json) becomes the row the ORM's select gives (field names, each column's mapping).
 */
export function rowFromDriver<T extends PgTable>(table: T): (raw: Record<string, unknown>) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table));
  return (raw) => Object.fromEntries(columns.map(([key, column]) => [key, raw[column.name] === null ? null : column.mapFromDriverValue(raw[column.name])])) as T['$inferSelect'];
}
