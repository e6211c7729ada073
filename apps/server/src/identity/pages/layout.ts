import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { direction, translate, type Language } from '../i18n.ts';
import { MOUNT_PATH } from '../settings.ts';
import { esc } from './html.ts';

/** The pages' one style sheet (the CSP allows no inline style), served with a content hash in its URL. */
export const STYLESHEET = readFileSync(new URL('./identity.css', import.meta.url), 'utf8');
const STYLESHEET_VERSION = createHash('sha256').update(STYLESHEET).digest('hex').slice(0, 12);
export const STYLESHEET_PATH = `${MOUNT_PATH}/assets/identity.css`;

/** A whole page: the language and its direction on <html>, a heading, the body. */
export function layout(lang: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}" dir="${direction(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)} · ${esc(translate(lang, 'brand'))}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}?v=${STYLESHEET_VERSION}">
</head>
<body>
<header class="brand"><span>${esc(translate(lang, 'brand'))}</span></header>
<main class="card">
<h1>${esc(title)}</h1>
${body}
</main>
</body>
</html>`;
}
