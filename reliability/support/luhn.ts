/**
 * A card-number scanner as PCI scans do it: runs of 13–19 digits (single spaces or dashes between them
 * allowed), not glued to letters or digits nor the fraction of a decimal number, that pass the Luhn check and start with a card network's
 * prefix (Visa, Mastercard, Amex, Discover, JCB, Diners, UnionPay, Maestro). The prefix keeps random
 * digit runs (millisecond timestamps, counters) from passing by the Luhn check's 1-in-10 chance.
 */
// Not the fraction of a decimal number (a log's "responseTime":17.632568999999): "17." before the run.
const RUN = /(?<![0-9A-Za-z])(?<!\d\.)\d(?:[ -]?\d){12,18}(?![0-9A-Za-z])/g;

export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function networkPrefix(digits: string): boolean {
  const p2 = Number(digits.slice(0, 2));
  const p3 = Number(digits.slice(0, 3));
  const p4 = Number(digits.slice(0, 4));
  return digits.startsWith('4') // Visa
    || (p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720) // Mastercard
    || p2 === 34 || p2 === 37 // Amex
    || p4 === 6011 || (p3 >= 644 && p3 <= 649) || p2 === 65 // Discover
    || (p4 >= 3528 && p4 <= 3589) // JCB
    || (p3 >= 300 && p3 <= 305) || p2 === 36 || p2 === 38 // Diners
    || p2 === 62 // UnionPay
    || p2 === 50 || (p2 >= 56 && p2 <= 69); // Maestro
}

/** UUIDs (row ids, tokens): a version-4 one whose first groups are all digits reads as 16 dash-separated digits. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The card numbers (digits only) found in a text. */
export function cardNumbersIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.replace(UUID, 'uuid').matchAll(RUN)) {
    const digits = match[0].replace(/[ -]/g, '');
    if (digits.length >= 13 && digits.length <= 19 && networkPrefix(digits) && luhn(digits)) found.push(digits);
  }
  return found;
}
