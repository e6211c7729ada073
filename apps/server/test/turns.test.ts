import { createServer, connect, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { operationTurns } from '../src/http/app.ts';
import { loadConfig } from '../src/config.ts';
import { Turns, TurnsFull } from '../src/http/turns.ts';

/** An operation as the embedded database runs one: a few milliseconds of work on this thread, nothing to wait for. */
const busyOperation = (ms: number) => async () => {
  const until = performance.now() + ms;
  while (performance.now() < until);
  return ms;
};

describe('store API operations taking turns with the event loop (decision 0051)', () => {
  it('a connection opened during a burst of 40 operations is accepted before the burst ends', async () => {
    const turns = new Turns(4, 100);
    const server: Server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      let done = 0;
      let acceptedAfter: number | null = null;
      server.once('connection', () => (acceptedAfter = done));
      // 40 operations of 5 ms each arrive at once (200 ms of work); a visitor connects as they start.
      const burst = Array.from({ length: 40 }, () => turns.run(busyOperation(5)).then(() => done++));
      const visitor = connect(port, '127.0.0.1').on('error', () => {});
      await Promise.all(burst);
      await new Promise((resolve) => (acceptedAfter === null ? server.once('connection', resolve) : resolve(null)));
      visitor.destroy();
      // Without turns all 40 run before the loop accepts it (acceptedAfter 40).
      expect(acceptedAfter).not.toBeNull();
      expect(acceptedAfter!).toBeLessThan(10);
    } finally {
      server.close();
    }
  });

  it('waiting operations start in the order they came, at most `atOnce` together', async () => {
    const turns = new Turns(2, 100);
    const order: number[] = [];
    let together = 0;
    let most = 0;
    await Promise.all(Array.from({ length: 8 }, (_, i) => turns.run(async () => {
      together++;
      most = Math.max(most, together);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(i);
      together--;
    })));
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(2);
    expect(turns.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses an operation when too many wait, running nothing of it, and takes more once they have run', async () => {
    const turns = new Turns(1, 2);
    let ran = 0;
    const slow = () => turns.run(async () => (await new Promise((resolve) => setTimeout(resolve, 10)), ran++));
    const admitted = [slow(), slow(), slow()];
    await expect(slow()).rejects.toBeInstanceOf(TurnsFull);
    await Promise.all(admitted);
    expect(ran).toBe(3);
    await slow();
    expect(ran).toBe(4);
  });

  it('at most `perTurn` start in one turn of the loop, the next ones in the following turns', async () => {
    const turns = new Turns(8, 100, 2);
    let started = 0;
    const all = Promise.all(Array.from({ length: 6 }, () => turns.run(async () => void started++)));
    await Promise.resolve();
    expect(started).toBe(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toBe(4);
    await all;
    expect(started).toBe(6);
  });

  it('by default 4 run at once on the embedded database (one starting per turn) and 12 on PostgreSQL (two); GRAPHQL_AT_ONCE=0 holds none back', async () => {
    const heldOpen = async (turns: Turns | undefined, count: number) => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const all = Promise.all(Array.from({ length: count }, () => turns!.run(() => gate)));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const load = turns!.load;
      release();
      await all;
      return load;
    };
    expect(await heldOpen(operationTurns(loadConfig({}), 'pglite'), 10)).toEqual({ running: 4, waiting: 6 });
    expect(await heldOpen(operationTurns(loadConfig({}), 'postgres'), 14)).toEqual({ running: 12, waiting: 2 });
    expect(operationTurns(loadConfig({ GRAPHQL_AT_ONCE: '0' }), 'postgres')).toBeUndefined();
  });
});
