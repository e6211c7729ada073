import { FORM_MESSAGES, isAllowedParentOrigin } from '@probe/domain';

/**
 * The embedding parent's origin when it is one of the allowed ones, else null. Chromium and Safari
 * name the parent in `location.ancestorOrigins`; elsewhere the referrer is the only hint (our
 * Referrer-Policy sends the origin cross-site). postMessage is then given that exact origin as its
 * target, so the browser itself drops the message if the parent is anything else by now.
 */
export function allowedParentOrigin(allowed: readonly string[]): string | null {
  if (typeof window === 'undefined' || window.parent === window) return null;
  const ancestors = (window.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  let origin: string | null = ancestors && ancestors.length > 0 ? ancestors[0]! : null;
  if (!origin && document.referrer) {
    try {
      origin = new URL(document.referrer).origin;
    } catch {
      origin = null;
    }
  }
  return origin && isAllowedParentOrigin(origin, allowed) ? origin : null;
}

/** Posts to the allowed parent only (spec §2: "provider loaded", form-submitted with the form name; the page's height). */
export function postToParent(allowed: readonly string[], message: { type: string; formName?: string; height?: number }): boolean {
  const origin = allowedParentOrigin(allowed);
  if (!origin) return false;
  window.parent.postMessage(message, origin);
  return true;
}

/**
 * Listens to the parent window: only messages whose origin is exactly one of the allowed origins and
 * whose source is the parent are handled (a prefill of the fields); all others are ignored.
 */
export function listenToParent(allowed: readonly string[], onPrefill: (values: Record<string, string>) => void): () => void {
  const onMessage = (event: MessageEvent) => {
    if (event.source !== window.parent || window.parent === window) return;
    if (!isAllowedParentOrigin(event.origin, allowed)) return;
    const data = event.data as { type?: unknown; values?: unknown } | null;
    if (data?.type !== FORM_MESSAGES.prefill || !data.values || typeof data.values !== 'object') return;
    const values = Object.fromEntries(Object.entries(data.values as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string').map(([k, v]) => [k, v.slice(0, 500)]));
    onPrefill(values);
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}

/**
 * Tells the allowed parent the page's height (`{ type: 'probe-forms:height', height }`, whole CSS pixels)
 * now and whenever it changes (an error summary, the thank-you panel, a narrower frame), so the parent can
 * fit its iframe to the form and no inner scroll bar appears. Nothing is sent to any other parent.
 */
export function reportHeightToParent(allowed: readonly string[]): () => void {
  if (!allowedParentOrigin(allowed) || typeof ResizeObserver === 'undefined') return () => {};
  // Framed, the page is as tall as its content (not the frame's height: the store's 100vh minimum would
  // keep a frame from ever shrinking to its form).
  document.documentElement.dataset.embedded = '';
  let last = -1;
  const send = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    postToParent(allowed, { type: FORM_MESSAGES.height, height });
  };
  const observer = new ResizeObserver(send);
  observer.observe(document.documentElement);
  send();
  return () => {
    observer.disconnect();
    delete document.documentElement.dataset.embedded;
  };
}
