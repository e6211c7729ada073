import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook, type CrmLead } from '../src/modules/leads/index.ts';

/**
 * A CRM for tests, reached over HTTP exactly as a real one (CRM_WEBHOOK_URL): it checks each request's
 * signature, keeps a lead once per Idempotency-Key (a repeat is answered 200 and not kept again), and
 * can be told to fail, to keep a lead but lose its answer, or to keep a lead and never answer.
 */
export interface FakeCrm {
  url: string;
  /** Leads kept, once per key, in arrival order. */
  kept: CrmLead[];
  /** Requests per idempotency key (repeats included). */
  requests: Map<string, number>;
  /** Requests answered 503 while down, and requests refused for a bad signature. */
  failures: { down: number; badSignature: number };
  /** Answer 503 until this time. */
  downUntil: number;
  /** The next request that keeps a lead: keep it, then drop the connection without an answer. */
  loseNextAnswer: boolean;
  /** The next request that keeps a lead: keep it and hold the connection open (the sender dies waiting). */
  hangNext: boolean;
  /** The request that keeps this many-th lead (1-based) is held open, as with hangNext; null for none. */
  hangAtKept: number | null;
  /** Requests held open so far. */
  held: number;
  close(): Promise<void>;
}

export async function startFakeCrm(secret: string): Promise<FakeCrm> {
  const held: ServerResponse[] = [];
  const crm: Omit<FakeCrm, 'url' | 'close'> = { kept: [], requests: new Map(), failures: { down: 0, badSignature: 0 }, downUntil: 0, loseNextAnswer: false, hangNext: false, hangAtKept: null, held: 0 };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const key = String(req.headers['idempotency-key'] ?? '');
    if (!verifyWebhook(secret, body, req.headers['probe-signature'] as string | undefined, new Date()) || !key) {
      crm.failures.badSignature++;
      return res.writeHead(401).end();
    }
    crm.requests.set(key, (crm.requests.get(key) ?? 0) + 1);
    if (Date.now() < crm.downUntil) {
      crm.failures.down++;
      return res.writeHead(503).end();
    }
    const isNew = !crm.kept.some((lead) => lead.id === key);
    if (isNew) crm.kept.push(JSON.parse(body) as CrmLead);
    if (isNew && (crm.hangNext || crm.hangAtKept === crm.kept.length)) {
      crm.hangNext = false;
      crm.held++;
      held.push(res);
      return;
    }
    if (isNew && crm.loseNextAnswer) {
      crm.loseNextAnswer = false;
      return req.socket.destroy();
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ kept: isNew }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(crm, {
    url: `http://127.0.0.1:${port}/leads`,
    close: () => new Promise<void>((resolve) => {
      for (const res of held) res.socket?.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  });
}
