import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fittedCompressors, windowBitsFor } from '../src/http/compression.ts';
import { startTestApp, type TestApp } from './harness.ts';

const BROTLI_Q4 = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/** A checkout-like answer of about `lines` × 280 bytes: repeated keys, distinct values, as GraphQL answers are. */
function answer(lines: number): Buffer {
  const line = (i: number) => ({ id: `Q2hlY2tvdXRMaW5lOj${i}`, quantity: i % 3 + 1, variant: { sku: `SKU-${i * 7919}`, name: `Item ${i}`, product: { slug: `item-${i}`, thumbnail: { url: `/media/${i}.webp` } } }, unitPrice: { gross: { amount: 19 + i, currency: 'EUR' } }, totalPrice: { gross: { amount: (19 + i) * 2, currency: 'EUR' } } });
  return Buffer.from(JSON.stringify({ data: { checkout: { token: '2b0c1f5e-0f6a-4e4b-9a55-0c7d1e0f3a11', lines: Array.from({ length: lines }, (_, i) => line(i)) } } }));
}

/** The window a brotli stream was made with, from its first bits (RFC 7932 §9.1). */
function brotliWindowBits(stream: Buffer): number {
  const bits = stream[0]!;
  if ((bits & 1) === 0) return 16;
  const n = (bits >> 1) & 7;
  if (n) return 17 + n;
  const m = (bits >> 4) & 7;
  return m ? 8 + m : 17;
}

describe('compression of answers held whole (http/compression.ts)', () => {
  it('fits the window to the answer: the smallest power of two that holds it, within the format\'s limits', () => {
    expect(windowBitsFor(5_094, 10, 15)).toBe(13);
    expect(windowBitsFor(100, 10, 15)).toBe(10);
    expect(windowBitsFor(1 << 20, 10, 15)).toBe(15);
  });

  for (const lines of [6, 18, 29]) {
    it(`an answer of ${answer(lines).length} bytes decodes whole and is no larger than with the default window (brotli and gzip)`, () => {
      const input = answer(lines);
      const br = fittedCompressors.brotliCompressSync(input, BROTLI_Q4);
      expect(brotliWindowBits(br)).toBe(windowBitsFor(input.length, 10, 22));
      expect(brotliWindowBits(zlib.brotliCompressSync(input, BROTLI_Q4))).toBe(22);
      expect(zlib.brotliDecompressSync(br).equals(input)).toBe(true);
      expect(br.length).toBeLessThanOrEqual(zlib.brotliCompressSync(input, BROTLI_Q4).length * 1.01 + 8);
      const gz = fittedCompressors.gzipSync(input, {});
      expect(zlib.gunzipSync(gz).equals(input)).toBe(true);
      expect(gz.length).toBeLessThanOrEqual(zlib.gzipSync(input).length * 1.01 + 8);
    });
  }

});

describe('the GraphQL API\'s answers, compressed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());
  const query = '{ shop { countries { code country } } }';
  const get = (acceptEncoding?: string) => t.app.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent(query)}`, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('over 1 KB, for clients that accept it: gzip when both are accepted (a browser), to less than half the size', async () => {
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const accepted of ['br, gzip', 'gzip, deflate, br, zstd']) {
      const res = await get(accepted);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    }
  });

  it('brotli with a window fitted to the answer to a client that asks for it alone; both decode', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await get(encoding);
      expect(res.headers['content-encoding']).toBe(encoding);
      const body = encoding === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : zlib.gunzipSync(res.rawPayload);
      expect(JSON.parse(body.toString()).data.shop.countries.length).toBeGreaterThanOrEqual(32);
      if (encoding === 'br') expect(brotliWindowBits(res.rawPayload)).toBe(windowBitsFor(body.length, 10, 22));
    }
  });
});
