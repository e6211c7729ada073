// The pages' baseline: a bare node:http server answering a page's path with the HTML the store rendered
// for it (brotli-compressed once) and every other path with the built storefront's file there (its .br
// beside it when the browser takes brotli), as fast as a static server can: no rendering, no database.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync } from 'node:zlib';

const [htmlFile, clientDir] = process.argv.slice(2);
const html = brotliCompressSync(readFileSync(htmlFile));
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.webp': 'image/webp', '.avif': 'image/avif', '.png': 'image/png', '.jpg': 'image/jpeg', '.woff2': 'font/woff2', '.json': 'application/json' };
const server = createServer((req, res) => {
  req.resume();
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  const file = join(clientDir, normalize(path));
  if (extname(path) && file.startsWith(clientDir) && existsSync(file) && statSync(file).isFile()) {
    const br = /\bbr\b/.test(req.headers['accept-encoding'] ?? '') && existsSync(`${file}.br`);
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'cache-control': 'public, max-age=31536000, immutable', ...(br ? { 'content-encoding': 'br' } : {}) });
    res.end(readFileSync(br ? `${file}.br` : file));
  } else if (req.method === 'GET' && !extname(path)) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br' });
    res.end(html);
  } else {
    res.writeHead(404).end();
  }
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
