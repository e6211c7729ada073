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
  render: SsrRender;
}

export const DEFAULT_STOREFRONT_DIST = fileURLToPath(new URL('../../../storefront/dist', import.meta.url));

interface ManifestEntry {
  file: string;
  src?: string;
}

/** Loads the built storefront (npm run build): the client assets, the HTML template and the SSR entry. */
export async function loadStorefrontBundle(distDir = DEFAULT_STOREFRONT_DIST): Promise<StorefrontBundle> {
  const clientDir = resolve(distDir, 'client');
  const serverEntry = resolve(distDir, 'server', 'entry-server.js');
  if (!existsSync(join(clientDir, 'index.html')) || !existsSync(serverEntry)) {
    throw new Error(`The storefront is not built (looked in ${distDir}). Run \`npm run build\` first.`);
  }
  const template = readFileSync(join(clientDir, 'index.html'), 'utf8');
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
  return { clientDir, template, inlineScriptHashes, catalogueFiles, render };
}
