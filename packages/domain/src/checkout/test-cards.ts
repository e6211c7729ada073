/**
 * The offline test gateway's cards: Stripe's published test numbers, so they are familiar.
 * A number not listed here that passes the Luhn check succeeds like 4242…; one that fails it is
 * INCORRECT_NUMBER.
 */
export const TEST_CARDS = [
  { number: '4242424242424242', brand: 'visa', outcome: 'SUCCEEDED' },
  { number: '5555555555554444', brand: 'mastercard', outcome: 'SUCCEEDED' },
  { number: '4000000000000002', brand: 'visa', outcome: 'CARD_DECLINED' },
  { number: '4000000000000069', brand: 'visa', outcome: 'EXPIRED_CARD' },
  { number: '4000000000000127', brand: 'visa', outcome: 'INCORRECT_CVC' },
  { number: '4000000000000119', brand: 'visa', outcome: 'PROCESSING_ERROR' },
  { number: '4000000000000036', brand: 'visa', outcome: 'INCORRECT_ZIP' },
  { number: '4000000000000341', brand: 'visa', outcome: 'CANNOT_ATTACH_CARD' },
] as const;

export type CardOutcome = (typeof TEST_CARDS)[number]['outcome'] | 'INCORRECT_NUMBER';

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}

export interface TestCardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** What the test gateway answers for a card on a date: bad number, past expiry, bad CVC, or the card's outcome. */
export function testCardOutcome(card: TestCardInput, now: Date): CardOutcome {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!luhnValid(digits)) return 'INCORRECT_NUMBER';
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const expired = year < now.getUTCFullYear() || (year === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12 || expired) return 'EXPIRED_CARD';
  if (!/^\d{3,4}$/.test(card.cvc)) return 'INCORRECT_CVC';
  return TEST_CARDS.find((c) => c.number === digits)?.outcome ?? 'SUCCEEDED';
}
