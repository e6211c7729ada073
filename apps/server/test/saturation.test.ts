import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saturation } from '../src/http/in-flight.ts';

/** Blocks the thread for `ms`, as rendering or a burst of requests does. */
const work = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end);
};

describe('saturation: what makes the jobs inside the server wait', () => {
  const held: ServerResponse[] = [];
  const server = createServer((_req: IncomingMessage, res: ServerResponse) => held.push(res));
  let saturated: () => boolean;
  let url = '';
  beforeAll(async () => {
    saturated = saturation(server);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  });
  afterAll(() => server.close());

  const inFlight = async () => {
    const answered = new Promise<void>((resolve) => request(url, (res) => res.resume().on('end', resolve)).end());
    while (!held.length) await sleep(5);
    return async () => {
      held.shift()!.end('ok');
      await answered;
    };
  };

  it('a request in flight while the thread is mostly idle: not saturated (jobs run under ordinary traffic)', async () => {
    const answer = await inFlight();
    await sleep(600);
    expect(saturated()).toBe(false);
    await answer();
  });

  it('requests in flight and the thread busy: saturated; once the busy spell is over, not', async () => {
    const answer = await inFlight();
    // Busy a second: whatever part of a window had passed idle before it, the window ends over 70 % busy.
    work(1000);
    await sleep(30);
    expect(saturated()).toBe(true);
    await sleep(600);
    expect(saturated()).toBe(false);
    await answer();
  });

  it('the thread busy with no request in flight (a job itself): not saturated', async () => {
    work(400);
    await sleep(30);
    expect(saturated()).toBe(false);
  });
});
