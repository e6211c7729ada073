/** Stands for the console's origin while a path is normalised: only whether the result stays on it matters. */
const LOCAL_ORIGIN = 'http://console.invalid';

/**
 * Where the console goes after sign-in: the console path the operator was on, once the URL parser has
 * normalised it, and only when that normalised path still names a path on this origin. A value with a
 * scheme, control characters or backslashes, or whose dot segments make a protocol-relative URL of it
 * (`/.//x`, `/%2e//x`, `/a/..//x` all become `//x`), gives the console's start page instead.
 */
export function consoleReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  try {
    const url = new URL(value, LOCAL_ORIGIN);
    const path = url.pathname + url.search + url.hash;
    if (url.origin !== LOCAL_ORIGIN || path.startsWith('//')) return '/';
    const again = new URL(path, LOCAL_ORIGIN);
    return again.origin === LOCAL_ORIGIN && again.pathname + again.search + again.hash === path ? path : '/';
  } catch {
    return '/';
  }
}
