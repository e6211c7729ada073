/**
 * Spec §1: the payment-financing snippet is loaded only in the full store variant (iq). Its script
 * URL is build configuration (VITE_FINANCING_SCRIPT_URL); with none configured, nothing loads.
 * Returns the script to load, or null.
 */
export function financingScriptSrc(storeType: string | null | undefined, configuredUrl: string | null | undefined): string | null {
  if (storeType !== 'IQ') return null;
  const url = configuredUrl?.trim();
  if (!url) return null;
  // A root-relative path on the store's own origin, or an absolute https URL; anything else is a misconfiguration.
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Marks the one script element of the snippet, so navigating between pages never adds it twice. */
export const FINANCING_SCRIPT_ATTRIBUTE = 'data-financing-snippet';
