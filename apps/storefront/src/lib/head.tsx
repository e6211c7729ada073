import { createContext, useContext, useEffect } from 'react';

/** What a page puts in <head>. On the server the renderer collects it while rendering to a string. */
export interface HeadLink {
  rel: 'canonical' | 'alternate';
  href: string;
  hreflang?: string;
}

export interface HeadData {
  title?: string;
  links?: HeadLink[];
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
