import { createContext, useContext, useEffect } from 'react';

/** What a page puts in <head>. On the server the renderer collects it while rendering to a string. */
export interface HeadLink {
  rel: 'canonical' | 'alternate';
  href: string;
  hreflang?: string;
}

/** A <meta> tag: `name` (description, twitter:*) or `property` (og:*). */
export interface HeadMeta {
  name?: string;
  property?: string;
  content: string;
}

export interface HeadData {
  title?: string;
  links?: HeadLink[];
  meta?: HeadMeta[];
  /** schema.org objects, each written as a <script type="application/ld+json"> (escaped by the server). */
  jsonLd?: object[];
}

export const HeadContext = createContext<HeadData | null>(null);

export function usePageTitle(title: string): void {
  const head = useContext(HeadContext);
  if (head) head.title = title;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * Links in <head> (canonical, hreflang alternates): collected on the server while rendering, and kept
 * current in the browser after in-app navigation.
 */
export function useHeadLinks(links: HeadLink[]): void {
  const head = useContext(HeadContext);
  if (head) head.links = links;
  const key = JSON.stringify(links);
  useEffect(() => {
    document.head.querySelectorAll('link[rel="canonical"], link[rel="alternate"][hreflang]').forEach((el) => el.remove());
    for (const link of JSON.parse(key) as HeadLink[]) {
      const el = document.createElement('link');
      el.rel = link.rel;
      el.href = link.href;
      if (link.hreflang) el.hreflang = link.hreflang;
      document.head.appendChild(el);
    }
  }, [key]);
}

/**
 * The page's description, sharing tags (Open Graph, Twitter card) and structured data: collected on the
 * server while rendering (the server writes them into <head>), and kept current in the browser after
 * in-app navigation. og:title and twitter:title are the page's title, added here in the browser and by
 * the server from the collected title.
 */
export function usePageMeta(meta: HeadMeta[], jsonLd: object[]): void {
  const head = useContext(HeadContext);
  if (head) {
    head.meta = meta;
    head.jsonLd = jsonLd;
  }
  const key = JSON.stringify([meta, jsonLd]);
  useEffect(() => {
    const [tags, data] = JSON.parse(key) as [HeadMeta[], object[]];
    document.head.querySelectorAll('meta[data-page-meta], script[type="application/ld+json"]').forEach((el) => el.remove());
    const title = document.title;
    for (const tag of [...tags, { property: 'og:title', content: title }, { name: 'twitter:title', content: title }]) {
      const el = document.createElement('meta');
      if (tag.name) el.name = tag.name;
      if (tag.property) el.setAttribute('property', tag.property);
      el.content = tag.content;
      el.dataset.pageMeta = '';
      document.head.appendChild(el);
    }
    for (const item of data) {
      const el = document.createElement('script');
      el.type = 'application/ld+json';
      el.textContent = JSON.stringify(item);
      document.head.appendChild(el);
    }
  }, [key]);
}
