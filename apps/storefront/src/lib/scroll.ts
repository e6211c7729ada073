import { BREAKPOINTS } from '@probe/domain';

/** Spec §9: scroll events are handled at most every 100 ms. */
const SCROLL_THROTTLE_MS = 100;
/** Spec §9: scrolling to an element waits 250 ms (the new content has laid out by then). */
const SCROLL_TO_ELEMENT_DELAY_MS = 250;
/** Spec §9: on small screens the element stops 20 px below the top edge. */
const SMALL_SCREEN_OFFSET_PX = 20;
/** Small screens are those narrower than the md breakpoint (768 px). */
const SMALL_SCREEN_MAX_WIDTH = BREAKPOINTS.md;

/**
 * Calls `fn` at most once per `ms`: at once on the first call, then once more at the end of the
 * interval with the latest arguments when calls came in meanwhile. Returns the throttled function and
 * a cancel for a pending trailing call.
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms = SCROLL_THROTTLE_MS): ((...args: A) => void) & { cancel: () => void } {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const run = (args: A) => {
    last = Date.now();
    fn(...args);
  };
  const throttled = (...args: A) => {
    const wait = last + ms - Date.now();
    if (wait <= 0 && !timer) {
      run(args);
      return;
    }
    pending = args;
    timer ??= setTimeout(() => {
      timer = null;
      if (pending) {
        const next = pending;
        pending = null;
        run(next);
      }
    }, Math.max(wait, 0));
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return throttled;
}

/** Listens to scroll events, throttled to 100 ms; returns the unsubscribe. */
export function onScrollThrottled(handler: () => void, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  const throttled = throttle(handler);
  target.addEventListener('scroll', throttled, { passive: true });
  return () => {
    throttled.cancel();
    target.removeEventListener('scroll', throttled);
  };
}

type ScrollWindow = Pick<Window, 'innerWidth' | 'scrollY' | 'scrollTo'> & { matchMedia?: Window['matchMedia'] };

/** Where the page scrolls to bring an element to the top: 20 px of air above it on small screens. */
export function scrollTargetTop(elementTop: number, win: Pick<Window, 'innerWidth' | 'scrollY'>): number {
  const offset = win.innerWidth < SMALL_SCREEN_MAX_WIDTH ? SMALL_SCREEN_OFFSET_PX : 0;
  return Math.max(0, Math.round(elementTop + win.scrollY - offset));
}

/**
 * Scrolls to an element after 250 ms (spec §9), smoothly unless the visitor asked for reduced motion,
 * and optionally moves the keyboard focus to it. Returns a cancel for a scroll not yet made.
 */
export function scrollToElement(element: HTMLElement, { win = window as ScrollWindow, focus = false }: { win?: ScrollWindow; focus?: boolean } = {}): () => void {
  const timer = setTimeout(() => {
    const top = scrollTargetTop(element.getBoundingClientRect().top, win);
    const reduced = win.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    win.scrollTo({ top, behavior: reduced ? 'auto' : 'smooth' });
    if (focus) element.focus({ preventScroll: true });
  }, SCROLL_TO_ELEMENT_DELAY_MS);
  return () => clearTimeout(timer);
}
