import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openTestDatabase } from '@probe/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { CARD_OK, PLACE, readyCheckout, variantIds, type PlaceAnswer } from './checkout-support.ts';
import { startTracing, statementSpan, type Tracing } from '../src/tracing/index.ts';

const DB = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

interface ExportedSpan { traceId: string; spanId: string; parentSpanId?: string; name: string; attributes?: Array<{ key: string; value: { stringValue?: string } }> }

/** An OTLP/HTTP collector in the test: every span POSTed to /v1/traces (JSON, as the exporter sends it). */
async function collector(): Promise<{ url: string; spans: ExportedSpan[]; server: Server }> {
  const spans: ExportedSpan[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const parsed = JSON.parse(body) as { resourceSpans: Array<{ scopeSpans: Array<{ spans: ExportedSpan[] }> }> };
        for (const r of parsed.resourceSpans) for (const s of r.scopeSpans) spans.push(...s.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, server };
}

describe(`OpenTelemetry traces over OTLP/HTTP (${DB})`, () => {
  let t: TestApp;
  let otlp: Awaited<ReturnType<typeof collector>>;
  let tracing: Tracing;

  beforeAll(async () => {
    otlp = await collector();
    tracing = await startTracing({ endpoint: otlp.url, serviceName: 'probe-store-test' });
    t = await startTestApp({ database: await openTestDatabase({ traceStatement: statementSpan }), config: { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await tracing?.shutdown();
    otlp?.server.close();
  });

  /** The spans of one trace, once exported. */
  const traceOf = async (traceId: string) => {
    await tracing.flush();
    return otlp.spans.filter((s) => s.traceId === traceId);
  };
  /** The trace of the request whose GraphQL span carries this operation name. */
  const traceIdOfOperation = async (operation: string) => {
    await tracing.flush();
    return otlp.spans.find((s) => s.name.startsWith('graphql ') && s.attributes?.some((a) => a.key === 'graphql.operation.name' && a.value.stringValue === operation))?.traceId;
  };
  /** Whether `span` descends from `ancestor` within `spans`. */
  const descends = (spans: ExportedSpan[], span: ExportedSpan, ancestor: ExportedSpan): boolean => {
    for (let s: ExportedSpan | undefined = span; s; s = spans.find((p) => p.spanId === s!.parentSpanId)) if (s.spanId === ancestor.spanId) return true;
    return false;
  };

  it('a catalogue read: the request, its GraphQL execution and its statements under one trace, whose id is in the log', async () => {
    const read = await t.gql('query Shop { shop { catalogue(country: US, languageCode: EN) { variants(group: IQ3_DEVICE, market: HUMAN) { sku } } } }');
    expect(read.status).toBe(200);
    const traceId = (await traceIdOfOperation('Shop'))!;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    const spans = await traceOf(traceId);
    const request = spans.find((s) => s.name === 'POST /graphql')!;
    const graphql = spans.find((s) => s.name === 'graphql Shop')!;
    expect(request.parentSpanId || undefined).toBeUndefined();
    expect(descends(spans, graphql, request)).toBe(true);
    const statements = spans.filter((s) => s.name.startsWith('db '));
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.every((s) => descends(spans, s, request))).toBe(true);
    expect(t.logs().some((line) => line.traceId === traceId)).toBe(true);
  });

  it('an order placement: the GraphQL, database and gateway spans under one trace id, which the log lines carry', async () => {
    const ids = await variantIds(t, ['IQ3-USBC-HUMAN']);
    const { token, total } = await readyCheckout(t, { lines: [{ variantId: ids['IQ3-USBC-HUMAN']!, quantity: 1 }] });
    const placed = await t.gql<PlaceAnswer>(PLACE, { token, key: `trace-${token}`, total, card: CARD_OK });
    expect(placed.body.data!.checkoutPlaceOrder.order?.number).toBeTruthy();
    const traceId = (await traceIdOfOperation('P'))!;
    const spans = await traceOf(traceId);
    const graphql = spans.find((s) => s.name === 'graphql other')!;
    const charge = spans.find((s) => s.name === 'gateway.charge')!;
    expect(charge).toBeDefined();
    expect(descends(spans, charge, graphql)).toBe(true);
    const writes = spans.filter((s) => /^db (INSERT|UPDATE)/.test(s.name));
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.every((s) => descends(spans, s, graphql))).toBe(true);
    // Statement texts only, never their parameters (the card, the e-mail).
    const texts = spans.flatMap((s) => s.attributes ?? []).map((a) => a.value.stringValue ?? '').join('\n');
    expect(texts).not.toContain('buyer@example.com');
    expect(texts).not.toContain('4242');
    expect(t.logs().filter((line) => line.traceId === traceId).length).toBeGreaterThan(0);
  });

  it('an error answer carries the trace id beside its errorId, and its log line both', async () => {
    const answer = await t.gql('query Broken { shop { noSuchField } }');
    const extensions = answer.body.errors![0]!.extensions as { errorId: string; traceId?: string };
    expect(extensions.traceId).toMatch(/^[0-9a-f]{32}$/);
    const line = t.logs().find((l) => l.errorId === extensions.errorId)!;
    expect(line.traceId).toBe(extensions.traceId);
    expect((await traceOf(extensions.traceId!)).some((s) => s.name === 'POST /graphql')).toBe(true);
  });
});
