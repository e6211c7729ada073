import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import type { SsrRender } from '@probe/domain';

export interface StorefrontBundle {
  clientDir: string;
  template: string;
  /** sha256 sources of the template's inline scripts, for the Content-Security-Policy. */
  inlineScriptHashes: string[];
  /** Module path (as the app names it) → built file URL, for modulepreload links. */
  catalogueFiles: Map<string, string>;
  /** The stylesheets the rendered screens need beyond what the page template already links. */
  stylesheetsFor(modules: string[]): string[];
  render: SsrRender;
}

/** apps/storefront/dist, from this file or from the server's bundle (apps/server/dist/main.js). */
const DEFAULT_STOREFRONT_DIST = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../../../storefront/dist' : '../../storefront/dist', import.meta.url));

interface ManifestEntry {
  file: string;
  src?: string;
  css?: string[];
  imports?: string[];
}

/**
 * The page is complete as the server sends it, so its code need not compete with the page's largest paint
 * on a slow phone: the entry script is requested in the frame after the browser reports that paint (the
 * report can carry the time of the frame it is reported in), instead of from <head>, and its early modulepreload hints go (the browser still loads the same chunks, a moment later).
 * "That paint": a largest-contentful-paint entry (reported after the frame is on screen); on a page with a
 * hero image (fetchpriority=high) still loading, the image's entry, or 500 ms after the image arrives when
 * something larger was painted first; at most 2 s after the page's first entry, or 1 s after the load event
 * when no entry comes. A page that shows a loader (a signed-in screen the server cannot render, the sign-in
 * callback) paints nothing contentful and waits for its code: its code starts after the first frame, as in
 * a browser that does not report paints (Safari). Decision 0007.
 */
function loadAfterLargestPaint(template: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template);
  if (!entry) return template;
  const loader = `<script>(function(){var d=0;function go(){if(d)return;d=1;var c=document.querySelector('meta[name=probe-catalogue]');if(c){var k=document.createElement('link');k.rel='modulepreload';k.href=c.content;document.head.appendChild(k)}var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src='${entry[1]}';document.body.appendChild(s)}`
    + `var P=window.PerformanceObserver,t=P&&P.supportedEntryTypes||[];if(t.indexOf('largest-contentful-paint')<0||document.querySelector('.page-loader'))return requestAnimationFrame(function(){setTimeout(go,0)});`
    + `addEventListener('load',function(){setTimeout(go,1000)});`
    + `var h=document.querySelector('img[fetchpriority=high]');if(h&&!h.complete){var later=function(){setTimeout(go,500)};h.addEventListener('load',later);h.addEventListener('error',later)}else h=null;`
    + `new P(function(l){setTimeout(go,2000);if(!h||l.getEntries().some(function(e){return e.element===h}))requestAnimationFrame(function(){setTimeout(go,0)})}).observe({type:'largest-contentful-paint',buffered:true})})()</script>`;
  return template.replace(entry[0], '').replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '').replace('</body>', `  ${loader}\n  </body>`);
}

/** Every stylesheet a manifest entry pulls in, through its static imports. */
function stylesheetsOf(manifest: Record<string, ManifestEntry>, keys: string[], seen = new Set<string>()): Set<string> {
  const css = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const entry = manifest[key]!;
    for (const sheet of entry.css ?? []) css.add(`/${sheet}`);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return css;
}

/** The two applications the storefront build makes: the store, and the marketing forms (spec §2 `form/*`). */
const ENTRIES = {
  store: { template: 'index.html', server: 'entry-server.js' },
  forms: { template: 'forms.html', server: 'entry-forms-server.js' },
} as const;

export interface StorefrontBundles {
  store: StorefrontBundle;
  /** The forms variant: its own template, entry chunk and renderer (no cart, sign-in or financing snippet). */
  forms: StorefrontBundle;
}

/** Loads both built applications (npm run build). */
export async function loadStorefrontBundles(distDir = DEFAULT_STOREFRONT_DIST): Promise<StorefrontBundles> {
  return { store: await loadStorefrontBundle(distDir, 'store'), forms: await loadStorefrontBundle(distDir, 'forms') };
}

/** Loads one built application: the client assets, its HTML template and its SSR entry. */
export async function loadStorefrontBundle(distDir = DEFAULT_STOREFRONT_DIST, entry: keyof typeof ENTRIES = 'store'): Promise<StorefrontBundle> {
  const clientDir = resolve(distDir, 'client');
  const files = ENTRIES[entry];
  const serverEntry = resolve(distDir, 'server', files.server);
  if (!existsSync(join(clientDir, files.template)) || !existsSync(serverEntry)) {
    throw new Error(`The storefront is not built (looked in ${distDir}). Run \`npm run build\` first.`);
  }
  const template = loadAfterLargestPaint(readFileSync(join(clientDir, files.template), 'utf8'));
  const inlineScriptHashes = [...template.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestEntry>;
  const catalogueFiles = new Map<string, string>();
  for (const [key, entry] of Object.entries(manifest)) {
    const match = /src\/i18n\/messages\/([\w-]+)\.json$/.exec(key);
    if (match) catalogueFiles.set(`./messages/${match[1]}.json`, `/${entry.file}`);
  }
  const { render } = (await import(pathToFileURL(serverEntry).href)) as { render: StorefrontBundle['render'] };
  const inTemplate = stylesheetsOf(manifest, [files.template]);
  // Worked out once per set of screens (there are few), not on every page render.
  const stylesheets = new Map<string, string[]>();
  const stylesheetsFor = (modules: string[]) => {
    const key = modules.join('|');
    let hrefs = stylesheets.get(key);
    if (!hrefs) stylesheets.set(key, (hrefs = [...stylesheetsOf(manifest, modules)].filter((href) => !inTemplate.has(href))));
    return hrefs;
  };
  return { clientDir, template, inlineScriptHashes, catalogueFiles, stylesheetsFor, render };
}
