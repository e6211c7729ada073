import http from 'node:http';
import zlib from 'node:zlib';

/** What browsers say they accept: the server compresses as it would for them, and the answer is decoded here. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/**
 * One buyer's connection: POSTs JSON over one kept-alive socket (as a browser tab holds one), as
 * ../shared/peers/side-by-side does. fetch() took about 1 ms of CPU per call here, half a core at 500 calls/s
 * on the two cores the server under test shares: plain node:http takes a fraction of that.
 */
export function buyerConnection(base: string): { post: (path: string, body: string) => Promise<{ status: number; text: string }>; close: () => void } {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const post = (path: string, body: string) => new Promise<{ status: number; text: string }>((resolve, reject) => {
    const data = Buffer.from(body);
    const req = http.request({
      host: url.hostname, port: url.port, path, method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'content-length': data.length, 'accept-encoding': BROWSER_ENCODINGS },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        try {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const decoded = encoding === 'gzip' ? zlib.gunzipSync(raw) : encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'deflate' ? zlib.inflateSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, text: decoded.toString() });
        } catch (error) {
          reject(error);
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error('no answer in 30 s')));
    req.end(data);
  });
  return { post, close: () => agent.destroy() };
}
