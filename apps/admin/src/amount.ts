/** The group and decimal signs of a locale's numbers ("," and "." in en-GB, "." and "," in de-DE). */
function signsOf(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return { group: parts.find((p) => p.type === 'group')?.value ?? ',', decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * An amount typed in the console's locale, in minor units: `1,234.50`, `1234.5` or `1234` in English,
 * `1.234,50` in German; at most two decimals, groups of three. Null when the text is not such an amount,
 * so the form asks for it again rather than guessing (`1,5` in English is not one and a half).
 */
export function parseAmount(text: string, locale: string): number | null {
  const { group, decimal } = signsOf(locale);
  // Spaces, and the no-break spaces some locales group with, are never significant.
  const s = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  const g = escape(group.replace(/[\u00a0\u202f]/g, ''));
  const d = escape(decimal);
  const grouped = g ? `\\d{1,3}(?:${g}\\d{3})+` : '(?!)';
  if (!new RegExp(`^(?:${grouped}|\\d+)(?:${d}\\d{1,2})?$`).test(s)) return null;
  const [whole, fraction = ''] = (g ? s.split(group.replace(/[\u00a0\u202f]/g, '')).join('') : s).split(decimal);
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}

/** How an amount is written in the locale, for the form's hint: 1,234.50 / 1.234,50. */
export const amountExample = (locale: string) => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(1234.5);
