import { randomBytes } from 'node:crypto';
import { cardBrand, testCardOutcome } from '@probe/domain';
import type { PaymentFailureCode } from './gateway.ts';
import type { SetupResult, TestSetupDetails } from './saved-method-types.ts';

/**
 * The test gateway's saved methods, after Stripe's published test data, so they behave as a developer
 * expects: card 4000 0000 0000 0341 saves but every charge is declined; IBAN AT86 1904 3002 3547 3202
 * and US account 000111111116 save, and their debits fail days later (a late bank failure); other valid
 * numbers save and charge. The token names the behaviour, so a restarted gateway still knows it.
 */
const DECLINES_LATER = new Set(['3202', '1116']);
const DECLINES_NOW = new Set(['0341']);

const token = (kind: string, last4: string) => `pm_test_${kind}_${last4}_${randomBytes(6).toString('hex')}`;

/** Mod-97 check of an IBAN (ISO 13616). */
export function ibanValid(iban: string): boolean {
  const s = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(s)) return false;
  const digits = (s.slice(4) + s.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

export function testSetup(details: TestSetupDetails, now: Date): SetupResult {
  switch (details.kind) {
    case 'CREDIT_CARD': {
      const digits = details.number.replace(/[\s-]/g, '');
      const outcome = testCardOutcome(details, now);
      // 0341 attaches (and fails when charged); every other failing card fails here.
      if (outcome !== 'SUCCEEDED' && outcome !== 'CANNOT_ATTACH_CARD') return { ok: false, code: outcome };
      const last4 = digits.slice(-4);
      return {
        ok: true,
        method: {
          paymentToken: token('card', last4), kind: 'CREDIT_CARD', name: details.name, brand: cardBrand(digits), lastDigits: last4,
          expMonth: details.expMonth, expYear: details.expYear < 100 ? 2000 + details.expYear : details.expYear, bankCountry: null, bankName: null,
        },
      };
    }
    case 'SEPA_DIRECT_DEBIT': {
      const iban = details.iban.replace(/\s+/g, '').toUpperCase();
      if (!ibanValid(iban)) return { ok: false, code: 'INCORRECT_NUMBER' };
      const last4 = iban.slice(-4);
      return { ok: true, method: { paymentToken: token('sepa', last4), kind: 'SEPA_DIRECT_DEBIT', name: details.name, brand: null, lastDigits: last4, expMonth: null, expYear: null, bankCountry: iban.slice(0, 2), bankName: null } };
    }
    case 'BANK_ACCOUNT': {
      if (!/^\d{9}$/.test(details.routingNumber) || !/^\d{4,17}$/.test(details.accountNumber)) return { ok: false, code: 'INCORRECT_NUMBER' };
      const last4 = details.accountNumber.slice(-4);
      return { ok: true, method: { paymentToken: token('bank', last4), kind: 'BANK_ACCOUNT', name: details.name, brand: null, lastDigits: last4, expMonth: null, expYear: null, bankCountry: 'US', bankName: 'STRIPE TEST BANK' } };
    }
  }
}

/** How a charge of a saved test method goes: now, or settling later (debits), and how. */
export function testSavedChargeOutcome(paymentToken: string): { settles: 'now' | 'later'; failure: PaymentFailureCode | null } {
  const match = /^pm_test_(card|sepa|bank)_(\w{4})_/.exec(paymentToken);
  if (!match) return { settles: 'now', failure: 'PAYMENT_NOT_FOUND' };
  const [, kind, last4] = match as unknown as [string, string, string];
  if (kind === 'card') return { settles: 'now', failure: DECLINES_NOW.has(last4) ? 'CARD_DECLINED' : null };
  return { settles: 'later', failure: DECLINES_LATER.has(last4) ? 'PAYMENT_ERROR' : null };
}
