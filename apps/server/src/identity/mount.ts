import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ProviderHolder } from './provider.ts';
import type { IdentitySettings } from './settings.ts';

/** The headers every other answer gets from the app's onSend hook, which a hijacked reply skips. */
const BASELINE_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * Hands every request under /oidc that no page of ours answers to oidc-provider (a Koa app; the console's
 * under /oidc/staff, the store's under the rest): the reply
 * is hijacked and the raw request goes in with the mount path stripped from its URL. `originalUrl` keeps
 * the full path, from which the provider works out its mount path for the URLs it writes.
 * Request bodies are left unread here: the provider reads them itself.
 */
export function mountProvider(app: FastifyInstance, settings: IdentitySettings, holder: ProviderHolder): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));

  // The console's provider under /oidc/staff, the store's under the rest of /oidc (provider.ts, Audience).
  for (const [path, audience] of [[settings.staffMountPath, 'staff'], [settings.mountPath, 'store']] as const) {
    app.all(`${path}/*`, async (req, reply) => {
      const provider = await holder.get(audience);
      const raw = req.raw as IncomingMessage & { originalUrl?: string };
      const url = raw.url ?? '/';
      raw.originalUrl = url;
      raw.url = url.slice(path.length) || '/';
      reply.hijack();
      const res: ServerResponse = reply.raw;
      for (const [name, value] of Object.entries(BASELINE_HEADERS)) res.setHeader(name, value);
      await provider.callback()(raw, res);
    });
  }
}
