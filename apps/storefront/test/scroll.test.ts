import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onScrollThrottled, scrollTargetTop, scrollToElement, throttle } from '../src/lib/scroll.ts';

describe('scroll helpers (spec §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('throttles to one call per 100 ms, with a trailing call carrying the latest arguments', () => {
    const fn = vi.fn();
    const t = throttle(fn);
    t(1);
    t(2);
    t(3);
    expect(fn.mock.calls).toEqual([[1]]);
    vi.advanceTimersByTime(99);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn.mock.calls).toEqual([[1], [3]]);
    vi.advanceTimersByTime(100);
    expect(fn).toHaveBeenCalledTimes(2);
    t(4);
    expect(fn.mock.calls.at(-1)).toEqual([4]);
  });

  it('handles a burst of scroll events at most every 100 ms and stops on unsubscribe', () => {
    const target = new EventTarget();
    const handler = vi.fn();
    const off = onScrollThrottled(handler, target as unknown as Window);
    for (let i = 0; i < 50; i++) {
      target.dispatchEvent(new Event('scroll'));
      vi.advanceTimersByTime(10); // 500 ms of events every 10 ms
    }
    expect(handler.mock.calls.length).toBeGreaterThanOrEqual(5);
    expect(handler.mock.calls.length).toBeLessThanOrEqual(6);
    off();
    const calls = handler.mock.calls.length;
    target.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(500);
    expect(handler).toHaveBeenCalledTimes(calls);
  });

  it('keeps 20 px above the element on screens narrower than 768 px, none on wider ones', () => {
    expect(scrollTargetTop(300, { innerWidth: 390, scrollY: 1000 })).toBe(1280);
    expect(scrollTargetTop(300, { innerWidth: 767, scrollY: 0 })).toBe(280);
    expect(scrollTargetTop(300, { innerWidth: 768, scrollY: 0 })).toBe(300);
    expect(scrollTargetTop(5, { innerWidth: 390, scrollY: 0 })).toBe(0);
  });

  it('scrolls to the element 250 ms later, focuses it when asked, and can be cancelled', () => {
    const el = document.createElement('h2');
    el.tabIndex = -1;
    document.body.append(el);
    el.getBoundingClientRect = () => ({ top: 400 }) as DOMRect;
    const scrollTo = vi.fn();
    const win = { innerWidth: 390, scrollY: 100, scrollTo, matchMedia: () => ({ matches: true }) as unknown as MediaQueryList };
    scrollToElement(el, { win, focus: true });
    vi.advanceTimersByTime(249);
    expect(scrollTo).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(scrollTo).toHaveBeenCalledWith({ top: 480, behavior: 'auto' });
    expect(document.activeElement).toBe(el);

    const cancel = scrollToElement(el, { win: { ...win, innerWidth: 1440, matchMedia: undefined } });
    cancel();
    vi.advanceTimersByTime(500);
    expect(scrollTo).toHaveBeenCalledTimes(1);
    scrollToElement(el, { win: { ...win, innerWidth: 1440, matchMedia: undefined } });
    vi.advanceTimersByTime(250);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 500, behavior: 'smooth' });
  });
});
