import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { pushPageView, type PageViewName } from './data-layer.ts';

/**
 * Pushes the screen's page view (spec §2 names) once per view: on arrival and on each step the buyer
 * moves to, but not again when the screen replaces its own address (a step redirect such as /checkout/
 * → /checkout/contact/ is the same view), nor when an effect runs twice for one address.
 */
export function usePageView(name: PageViewName): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const pushed = useRef<{ name: string; pathname: string } | null>(null);
  useEffect(() => {
    const last = pushed.current;
    pushed.current = { name, pathname };
    if (last && last.name === name && (last.pathname === pathname || navigationType === 'REPLACE')) return;
    pushPageView(name);
  }, [name, pathname, navigationType]);
}
