import type { ClientBase } from 'pg';

/**
 * Times every statement a pooled PostgreSQL connection sends, from the call to its answer (issue 39's
 * statement latency): pool.query's callback form and a transaction's promise form alike. No statement
 * text is kept or passed on.
 */
export function timeStatements(client: ClientBase, onStatement: (seconds: number) => void): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    const start = performance.now();
    const done = () => onStatement((performance.now() - start) / 1000);
    if (typeof values === 'function') return query(config, (err: unknown, res: unknown) => (done(), (values as (e: unknown, r: unknown) => void)(err, res)));
    if (typeof callback === 'function') return query(config, values, (err: unknown, res: unknown) => (done(), (callback as (e: unknown, r: unknown) => void)(err, res)));
    const result = query(config, values);
    if (result instanceof Promise) result.then(done, done);
    return result;
  };
}
