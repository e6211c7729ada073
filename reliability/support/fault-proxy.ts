import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface FaultProxy {
  port: number;
  /** Connections accepted so far, and chunks and bytes relayed (both directions). */
  stats: { connections: number; chunks: number; bytes: number };
  /** Changes the delay for the chunks arriving from now on (0: a plain relay). */
  setDelay(msEachWay: number): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 that adds latency: every chunk, in both directions, is delivered `msEachWay`
 * later than it arrived (in order, per direction), so one request-response round trip through it takes
 * 2 × msEachWay more. Written for putting PostgreSQL "far away" (I2): each statement's round trip is
 * slowed, which widens every window between a read and the write that depends on it.
 */
export async function startFaultProxy(target: { host: string; port: number }, msEachWay = 0): Promise<FaultProxy> {
  const stats = { connections: 0, chunks: 0, bytes: 0 };
  const sockets = new Set<Socket>();
  let delay = msEachWay;

  /** Relays `from` to `to`, each chunk held `delay` ms; the order within one direction is kept. */
  function delayedPipe(from: Socket, to: Socket) {
    let last = 0;
    let pending = 0;
    let ended = false;
    const flushEnd = () => {
      if (ended && pending === 0 && !to.destroyed) to.end();
    };
    from.on('data', (chunk: Buffer) => {
      stats.chunks++;
      stats.bytes += chunk.length;
      pending++;
      // Never before an earlier chunk of this direction (a delay lowered meanwhile must not reorder).
      const due = Math.max(Date.now() + delay, last);
      last = due;
      setTimeout(() => {
        pending--;
        if (!to.destroyed) to.write(chunk);
        flushEnd();
      }, due - Date.now());
    });
    from.on('end', () => {
      ended = true;
      flushEnd();
    });
  }

  const server: Server = createServer((client) => {
    stats.connections++;
    const upstream = createConnection({ host: target.host, port: target.port });
    sockets.add(client);
    sockets.add(upstream);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    delayedPipe(client, upstream);
    delayedPipe(upstream, client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    port,
    stats,
    setDelay: (ms) => void (delay = ms),
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}
