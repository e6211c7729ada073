/**
 * Statement spans (issue 39's traces): `begin(sql)` is called as a statement is sent, in the caller's async
 * context, and the function it returns when its answer (or error) comes. Only the statement's text is
 * passed, never its parameters.
 */
export type StatementTracer = (sql: string) => (error?: unknown) => void;

const textOf = (config: unknown): string => (typeof config === 'string' ? config : ((config as { text?: string } | null)?.text ?? ''));

/** Wraps `owner.query` (promise form: `query(config, values?)`); a call with a callback goes through untraced. */
function wrapPromiseQuery(owner: { query: unknown }, begin: StatementTracer): void {
  const query = (owner.query as (...args: unknown[]) => unknown).bind(owner);
  owner.query = (...args: unknown[]) => {
    if (args.some((a) => typeof a === 'function')) return query(...args);
    const end = begin(textOf(args[0]));
    const result = query(...args);
    if (result instanceof Promise) result.then(() => end(), (error: unknown) => end(error));
    else end();
    return result;
  };
}

/**
 * PostgreSQL: the pool's own query (a statement outside a transaction: the span starts before a connection
 * is taken, in the caller's context), and a checked-out connection's promise-form query (a transaction's
 * statements). The pool's query reaches its connection with a callback, which is not traced twice.
 */
export function tracePool(pool: { query: unknown; on(event: 'connect', listener: (client: { query: unknown }) => void): unknown }, begin: StatementTracer): void {
  wrapPromiseQuery(pool, begin);
  pool.on('connect', (client) => wrapPromiseQuery(client, begin));
}

interface PgliteLike {
  query: unknown;
  exec: unknown;
  transaction: unknown;
}

/** The embedded database: its query and exec, and those of every transaction it opens. */
export function tracePglite(client: PgliteLike, begin: StatementTracer): void {
  const wrap = (owner: { query: unknown; exec: unknown }) => {
    wrapPromiseQuery(owner, begin);
    const exec = (owner.exec as (sql: string, ...rest: unknown[]) => Promise<unknown>).bind(owner);
    owner.exec = (sql: string, ...rest: unknown[]) => {
      const end = begin(sql);
      return exec(sql, ...rest).then((r) => (end(), r), (error: unknown) => (end(error), Promise.reject(error)));
    };
  };
  wrap(client);
  const transaction = (client.transaction as (fn: (tx: { query: unknown; exec: unknown }) => Promise<unknown>) => Promise<unknown>).bind(client);
  client.transaction = (fn: (tx: { query: unknown; exec: unknown }) => Promise<unknown>) => transaction((tx) => {
    wrap(tx);
    return fn(tx);
  });
}
