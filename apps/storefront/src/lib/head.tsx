import { createContext, useContext, useEffect } from 'react';

/** What a page puts in <head>. On the server the renderer collects it while rendering to a string. */
export interface HeadData {
  title?: string;
}

export const HeadContext = createContext<HeadData | null>(null);

export function usePageTitle(title: string): void {
  const head = useContext(HeadContext);
  if (head) head.title = title;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
