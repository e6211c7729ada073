import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { direction, translate, type Language } from '../i18n.ts';
import { MOUNT_PATH } from '../settings.ts';
import { esc } from './html.ts';

const versioned = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

/** The pages' one style sheet (the CSP allows no inline style), served with a content hash in its URL. */
export const STYLESHEET = readFileSync(new URL('./identity.css', import.meta.url), 'utf8');
export const STYLESHEET_PATH = `${MOUNT_PATH}/assets/identity.css`;
/** The store's mark as the tab's icon (the storefront's favicon.svg). */
export const FAVICON = readFileSync(new URL('./favicon.svg', import.meta.url), 'utf8');
export const FAVICON_PATH = `${MOUNT_PATH}/assets/favicon.svg`;

/** The store's mark (apps/storefront/src/ui/logo.tsx), beside the store's name, which says it for screen readers. */
const LOGO = `<svg class="logo" viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false"><rect width="40" height="40" rx="10" fill="#0b2545"/><path d="M20 9c-2.8 0-4.5 1.6-4.5 4v7h9v-7c0-2.4-1.7-4-4.5-4Z" fill="#fff"/><path d="M12.5 25.5a10.6 10.6 0 0 0 15 0M9.7 29a14.6 14.6 0 0 0 20.6 0M15.3 22.3a6.6 6.6 0 0 0 9.4 0" fill="none" stroke="#5fd3df" stroke-width="2.2" stroke-linecap="round"/></svg>`;

/**
 * A whole page: the language and its direction on <html>, the store's header (its mark and name, a link
 * back to the store page the user came from), a heading, the body, and "back to the store" under it.
 * `store` is an address built from configuration (store-return.ts), never taken as it came.
 */
export function layout(lang: Language, title: string, body: string, store: string): string {
  const brand = translate(lang, 'brand');
  return `<!doctype html>
<html lang="${lang}" dir="${direction(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)} · ${esc(brand)}</title>
<link rel="icon" type="image/svg+xml" href="${FAVICON_PATH}?v=${versioned(FAVICON)}">
<link rel="stylesheet" href="${STYLESHEET_PATH}?v=${versioned(STYLESHEET)}">
</head>
<body>
<header class="brand"><a class="brand__home" href="${esc(store)}">${LOGO}<span>${esc(brand)}</span></a></header>
<main class="card">
<h1>${esc(title)}</h1>
${body}
</main>
<footer class="back"><a href="${esc(store)}">${esc(translate(lang, 'backToStore'))}</a></footer>
</body>
</html>`;
}
