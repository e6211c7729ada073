import fastifyStatic from '@fastify/static';
import type { DocumentNode, ExecutionResult } from 'graphql';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { decorateErrors } from '../graphql/errors.ts';
import type { Yoga } from '../graphql/yoga.ts';
import type { SsrExecute, SsrRenderResult } from '@probe/domain';
import type { StorefrontBundle, StorefrontBundles } from './storefront-bundle.ts';
import { ssrRenders } from '../metrics/index.ts';
import { MAINTENANCE_RETRY_AFTER_S } from '../modules/shop/index.ts';

export type { StorefrontBundle, StorefrontBundles } from './storefront-bundle.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A path that names a file (has an extension) is never a page: it is a static file or a 404. */
const FILE_PATH = /\/[^/]+\.[a-z0-9]+$/i;

/** A marketing-form page (spec §2 `/{cc}/{lang}/form/*`): rendered by the forms application. */
export const FORM_PAGE_PATH = /^\/[A-Za-z]{2}\/[A-Za-z-]{2,5}\/form(?:\/|$)/;

/** Origins the page may load beyond its own: Stripe's script and frames in Stripe mode, the financing partner's script. */
export function thirdPartyOrigins(config: Pick<Config, 'PAYMENT_GATEWAY' | 'VITE_FINANCING_SCRIPT_URL'>): { script: string[]; frame: string[]; connect: string[] } {
  const script: string[] = [];
  const frame: string[] = [];
  const connect: string[] = [];
  if (config.PAYMENT_GATEWAY === 'stripe') {
    script.push('https://js.stripe.com');
    frame.push('https://js.stripe.com', 'https://hooks.stripe.com');
    connect.push('https://api.stripe.com');
  }
  if (config.VITE_FINANCING_SCRIPT_URL?.startsWith('https://')) script.push(new URL(config.VITE_FINANCING_SCRIPT_URL).origin);
  return { script, frame, connect };
}

/**
 * The page's policy. `frameAncestors`: who may show the page in a frame — nobody for the store; the
 * store itself and the configured parent origins (exact origins) for the marketing forms (spec §2).
 */
export function contentSecurityPolicy(bundle: Pick<StorefrontBundle, 'inlineScriptHashes'>, origins: ReturnType<typeof thirdPartyOrigins>, frameAncestors: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...bundle.inlineScriptHashes, ...origins.script].join(' '),
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    ['connect-src', "'self'", ...origins.connect].join(' '),
    ...(origins.frame.length ? [['frame-src', ...origins.frame].join(' ')] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    frameAncestors.length ? ['frame-ancestors', "'self'", ...frameAncestors].join(' ') : "frame-ancestors 'none'",
  ].join('; ');
}

/** Executes the page's operations against the in-process schema, through Yoga's own plugins and context. */
function inProcessExecutor(yoga: Yoga, req: FastifyRequest, request: Request): SsrExecute {
  return async ({ query, variables, operationName }) => {
    const { execute, contextFactory, schema } = yoga.getEnveloped({ req, request });
    const contextValue = await contextFactory();
    const result = (await execute({ schema, document: query as DocumentNode, variableValues: variables, operationName, contextValue })) as ExecutionResult;
    return decorateErrors(result, req.log);
  };
}

/**
 * JSON inside a <script> element: `<`, `>` and `&` as \u escapes (a `</script>` or `<!--` in a product's
 * name cannot end or change the element), and U+2028/U+2029, which older parsers take for line ends.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The page's description, Open Graph and Twitter tags (og:title and twitter:title from its title) and its JSON-LD. */
function pageMetaTags(head: Extract<SsrRenderResult, { kind: 'html' }>['head']): string[] {
  if (!head.meta?.length) return [];
  const title = head.title ?? 'Probe Store';
  const tags = [...head.meta, { property: 'og:title', content: title }, { name: 'twitter:title', content: title }];
  return [
    ...tags.map((m) => `<meta ${m.property ? `property="${escapeHtml(m.property)}"` : `name="${escapeHtml(m.name ?? '')}"`} content="${escapeHtml(m.content)}" data-page-meta />`),
    ...(head.jsonLd ?? []).map((item) => `<script type="application/ld+json">${scriptJson(item)}</script>`),
  ];
}

function fillTemplate(bundle: StorefrontBundle, result: Extract<SsrRenderResult, { kind: 'html' }>): string {
  // The screens' own styles come after the template's (so the cascade keeps its order) in the first
  // response: the page paints styled and does not shift when its chunk arrives.
  const screenAssets = bundle
    .stylesheetsFor(result.modules)
    .map((href) => `<link rel="stylesheet" crossorigin href="${href}" />`)
    .join('\n    ');
  const head = [
    `<title>${escapeHtml(result.head.title ?? 'Probe Store')}</title>`,
    ...(result.head.links ?? []).map(
      (l) => `<link rel="${l.rel}"${l.hreflang ? ` hreflang="${escapeHtml(l.hreflang)}"` : ''} href="${escapeHtml(l.href)}" />`,
    ),
    ...pageMetaTags(result.head),
    ...(result.catalogue && bundle.catalogueFiles.get(result.catalogue)
      ? [`<meta name="probe-catalogue" content="${bundle.catalogueFiles.get(result.catalogue)}" />`]
      : []),
  ].join('\n    ');
  // Function replacements: a "$&" in page text must not be expanded.
  return bundle.template
    .replace('<html lang="en" dir="ltr">', () => `<html lang="${escapeHtml(result.lang)}" dir="${result.dir}">`)
    .replace('<!--app-head-->', () => head)
    .replace('</head>', () => `  ${screenAssets}\n  </head>`)
    .replace('<!--app-html-->', () => result.appHtml)
    .replace('<!--app-state-->', () => `<script id="__SSR__" type="application/json">${result.stateJson}</script>`);
}

/** Static assets and server rendering of every page path: the forms application under `/{cc}/{lang}/form/`, the store elsewhere. */
export async function registerStorefront(
  app: FastifyInstance,
  { yoga, config, bundles, closedTo = async () => false }: { yoga: Yoga; config: Config; bundles: StorefrontBundles; closedTo?: (req: FastifyRequest) => Promise<boolean> },
): Promise<void> {
  const bundle = bundles.store;
  await app.register(fastifyStatic, {
    root: bundle.clientDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz files beside the assets (best compression, done once): sent as they are.
    preCompressed: true,
    // The template is served only through the renderer.
    allowedPath: (path) => path !== '/index.html' && path !== '/forms.html',
    setHeaders: (reply, path) => {
      const hashed = /[/\\]assets[/\\]/.test(path);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  const shellOf = (b: StorefrontBundle) => b.template.replace('<!--app-head-->', '<title>Probe Store</title>').replace('<!--app-html-->', '').replace('<!--app-state-->', '');
  // The forms load no third-party script (no financing snippet, no payment element).
  const apps = {
    store: { bundle, csp: contentSecurityPolicy(bundle, thirdPartyOrigins(config)), shell: config.SSR ? null : shellOf(bundle) },
    forms: { bundle: bundles.forms, csp: contentSecurityPolicy(bundles.forms, { script: [], frame: [], connect: [] }, config.FORMS_PARENT_ORIGINS), shell: config.SSR ? null : shellOf(bundles.forms) },
  };

  const origin = new URL(config.PUBLIC_URL).origin;
  // Render times by application and outcome, when metrics are served.
  const timed = config.METRICS_PORT === undefined ? null : {
    store: { page: ssrRenders.child('store', 'page'), redirect: ssrRenders.child('store', 'redirect'), failed: ssrRenders.child('store', 'failed') },
    forms: { page: ssrRenders.child('forms', 'page'), redirect: ssrRenders.child('forms', 'redirect'), failed: ssrRenders.child('forms', 'failed') },
  };
  const renderPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const pathname = req.url.split('?')[0]!;
    if (FILE_PATH.test(pathname)) return reply.status(404).type('text/plain').send('Not Found');
    const forms = FORM_PAGE_PATH.test(pathname);
    const { bundle, csp, shell } = forms ? apps.forms : apps.store;
    reply.header('content-security-policy', csp).header('vary', 'cookie, ' + config.GEO_COUNTRY_HEADER);
    const closed = !forms && (await closedTo(req));
    if (closed) reply.header('retry-after', String(MAINTENANCE_RETRY_AFTER_S));
    if (shell) return reply.status(closed ? 503 : 200).type('text/html; charset=utf-8').header('cache-control', closed ? 'no-store' : 'no-cache').send(shell);

    // The page's absolute URLs (canonical and language links, the share link) are on PUBLIC_URL's origin,
    // whatever Host, X-Forwarded-Host or request target came in (reliability W10).
    const url = new URL(`${origin}${req.url.startsWith('/') ? req.url : '/'}`);
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(key, value);
    const request = new Request(url, { headers, signal: AbortSignal.timeout(10_000) });
    const started = timed ? performance.now() : 0;
    const result = await bundle.render(request, inProcessExecutor(yoga, req, request));
    if (timed) {
      const series = timed[forms ? 'forms' : 'store'];
      (result.kind === 'response' ? series.redirect : result.failures.length ? series.failed : series.page).observe((performance.now() - started) / 1000);
    }
    if (result.kind === 'response') {
      for (const [key, value] of result.headers) reply.header(key, value);
      return reply.status(result.status).header('cache-control', 'no-store').send();
    }
    for (const failure of result.failures) req.log.error({ ...failure, url: req.url }, 'page render failure');
    // A store page while maintenance is on is the maintenance page (rendered from the shop's own answer):
    // 503 and when to come back, so search engines keep the pages and monitors see the store is down.
    return reply
      .status(closed ? 503 : result.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', closed ? 'no-store' : 'no-cache')
      .send(fillTemplate(bundle, result));
  };
  app.get('/', renderPage);
  app.get('/*', renderPage);
}
