import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A partner's page that embeds a marketing form (spec §2), served on a second loopback origin:
 * Chromium resolves every `*.localhost` name to the loopback address, so `parent.localhost:{port}`
 * (allowed) and `evilparent.localhost:{port}` (a look-alike: the allowed origin is its suffix) are two
 * origins of this one server. `/?src=` names the form to frame; the page records every message it gets
 * and sets the frame's height from the form's `probe-forms:height` messages.
 */
const originOf = (src: string) => {
  try {
    return new URL(src).origin;
  } catch {
    return 'null';
  }
};

export async function startParentPages(): Promise<{ port: number; server: Server }> {
  const server = createServer((req, res) => {
    const src = new URL(req.url ?? '/', 'http://x').searchParams.get('src') ?? 'about:blank';
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner page</title></head><body>
<h1>Partner page</h1>
<iframe id="form" title="Form" src="${src.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}" width="900" height="1600" style="border:0"></iframe>
<script>window.received = []; var formOrigin = ${JSON.stringify(originOf(src))};
addEventListener('message', function (e) {
  window.received.push({ origin: e.origin, data: e.data });
  // As a partner would (docs/features.md): fit the frame to the form's height, from the form's origin only.
  if (e.origin === formOrigin && e.data && e.data.type === 'probe-forms:height' && typeof e.data.height === 'number') document.getElementById('form').style.height = e.data.height + 'px';
});</script>
</body></html>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server };
}
