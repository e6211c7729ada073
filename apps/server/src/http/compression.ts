import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';

/**
 * The compressors @fastify/compress uses for an answer it holds whole (up to its sync threshold, 8 KB on two
 * cores): brotli and gzip with their window fitted to the answer. Their defaults size every compressor for
 * megabytes (brotli a 4 MB window, gzip 256 KB of state), allocated and freed per answer, each piece mapped
 * afresh (MALLOC_MMAP_THRESHOLD_, start.sh): with brotli, a whole purchase's six calls ran at 73 orders/s,
 * without compression at 89. A window at least as large as the answer finds every match the default's
 * would, so the answer is as small (compression.test.ts). Streamed answers keep the defaults.
 */
const { BROTLI_PARAM_LGWIN, BROTLI_PARAM_SIZE_HINT, BROTLI_MIN_WINDOW_BITS } = zlib.constants;

/** The smallest window of 2^bits bytes (within min..max) that holds `size` bytes. */
export function windowBitsFor(size: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.ceil(Math.log2(Math.max(1, size)))));
}

export const fittedCompressors = {
  brotliCompressSync(buffer: Buffer, options: zlib.BrotliOptions = {}): Buffer {
    const params = { ...options.params, [BROTLI_PARAM_LGWIN]: windowBitsFor(buffer.length, BROTLI_MIN_WINDOW_BITS, 22), [BROTLI_PARAM_SIZE_HINT]: buffer.length };
    return zlib.brotliCompressSync(buffer, { ...options, params });
  },
  gzipSync(buffer: Buffer, options: zlib.ZlibOptions = {}): Buffer {
    // zlib's window is 2^9..2^15 bytes (gzip takes 9 as 10); its hash table and pending buffer scale with
    // memLevel (default 8: 128 KB), here with the window (13 bits, an 8 KB answer: memLevel 5, 16 KB).
    const windowBits = windowBitsFor(buffer.length, 10, 15);
    return zlib.gzipSync(buffer, { ...options, windowBits, memLevel: Math.min(8, Math.max(1, windowBits - 8)) });
  },
};

/**
 * Every answer over 1 KB is compressed for a client that accepts it: what a slow phone downloads. Brotli
 * first, at quality 4 (near gzip-9's size for a fraction of the default 11's CPU), for pages and files.
 */
export const compression = {
  global: true,
  threshold: 1024,
  encodings: ['br', 'gzip'] as Array<'br' | 'gzip'>,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlib: fittedCompressors,
};

/**
 * The GraphQL APIs' answers, gzip first. Brotli's encoder takes 256-512 KB of hash tables whatever the
 * answer's size, mapped and unmapped per answer under start.sh's MALLOC_MMAP_THRESHOLD_: a whole purchase
 * (six calls, 5 KB answers) ran at 72 orders/s with brotli, 86 with gzip, 93 uncompressed. Fitted gzip
 * stays under the threshold, and on such answers brotli saved 2 % of the bytes (1,247 against 1,268).
 */
export const apiCompression = { ...compression, encodings: ['gzip', 'br'] as Array<'br' | 'gzip'> };


/**
 * Whether a request's Accept-Encoding admits gzip, negotiated as @fastify/compress negotiates it (the same
 * negotiator, `*` and `x-gzip` taken as gzip): for the answers kept gzipped (the response cache, the
 * sitemaps), so that they are encoded as a fresh answer would be, and `gzip;q=0` is a refusal.
 */
export function acceptsGzip(req: FastifyRequest): boolean {
  const header = req.headers['accept-encoding'];
  return header !== undefined && negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), ['gzip']) === 'gzip';
}
