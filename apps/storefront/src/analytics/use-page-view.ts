import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pushPageView, type PageViewName } from './data-layer.ts';

/** Pushes the screen's page view (spec §2 names) once per path it is shown at. */
export function usePageView(name: PageViewName): void {
  const { pathname } = useLocation();
  useEffect(() => {
    pushPageView(name);
  }, [name, pathname]);
}
