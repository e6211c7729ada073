import { schema, type Database } from '@probe/db';

/** Anything that can insert: the database or an open transaction (write the job with what caused it). */
export type Writer = Pick<Database, 'insert'>;

export interface NewJob {
  topic: string;
  payload: unknown;
  /** Not before this time (scheduled jobs); default: as soon as committed. */
  runAt?: Date;
}

/** Writes a job row; it runs once the surrounding transaction commits (none if it rolls back). */
export async function enqueue(writer: Writer, job: NewJob): Promise<number> {
  const [row] = await writer
    .insert(schema.outbox)
    .values({ topic: job.topic, payload: job.payload, ...(job.runAt ? { runAt: job.runAt } : {}) })
    .returning({ id: schema.outbox.id });
  return row!.id;
}
