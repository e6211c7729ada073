import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availablePaymentMethods, canChangeCharge, canChangeInvoice, CHECKOUT_TYPES, checkVatNumber, computeTotals, inferCheckoutType,
  lineAllowed, reverseChargeApplies, shippingMethodsFor, testCardOutcome, type CheckoutType, type TotalsInput,
} from '../src/index.ts';

const device = { groups: ['IQ3_DEVICE'], market: 'HUMAN' };
const vetDevice = { groups: ['IQ_DEVICE'], market: 'VETERINARY' };
const cable = { groups: ['ACCESSORIES'], market: 'HUMAN' };
const plan = { groups: ['INDIVIDUAL'], market: 'HUMAN' };
const team = { groups: ['TEAM'], market: 'HUMAN' };
const bundle = { groups: ['BUNDLE'], market: 'HUMAN' };
const rental = { groups: ['RENTAL'], market: 'VETERINARY' };
const extra = { groups: ['EXTRA_PROBE'], market: 'HUMAN' };
const probeOnly = { groups: ['PROBE_ONLY'], market: 'HUMAN' };
const seats = { groups: ['TEAM_ADDITIONAL'], market: 'HUMAN' };

describe('checkout types: one row each, what it allows, requires and offers', () => {
  const rows: Array<[CheckoutType, { allowed: object[]; refused: object[]; attestations: string[]; card: boolean; quote: boolean; organization: boolean }]> = [
    ['INDIVIDUAL_CHECKOUT', { allowed: [device, plan, cable], refused: [vetDevice, team, bundle], attestations: ['TERMS_AND_CONDITIONS', 'LICENSED'], card: true, quote: true, organization: false }],
    ['INDIVIDUAL_CHECKOUT_VET', { allowed: [vetDevice, cable], refused: [device, team], attestations: ['TERMS_AND_CONDITIONS', 'LICENSED'], card: true, quote: true, organization: false }],
    ['ALL_IN_BUNDLE_CHECKOUT', { allowed: [bundle, cable], refused: [device, plan], attestations: ['TERMS_AND_CONDITIONS', 'LICENSED'], card: true, quote: true, organization: false }],
    ['ALL_IN_BUNDLE_CHECKOUT_VET', { allowed: [{ ...bundle, market: 'VETERINARY' }], refused: [bundle], attestations: ['TERMS_AND_CONDITIONS', 'LICENSED'], card: true, quote: true, organization: false }],
    ['PRO_CUSTOM_CHECKOUT', { allowed: [{ groups: ['PRO_CUSTOM'], market: 'HUMAN' }, { groups: ['PRO_CUSTOM_ADDON'], market: 'HUMAN' }], refused: [plan], attestations: ['TERMS_AND_CONDITIONS', 'LICENSED'], card: true, quote: true, organization: false }],
    ['CLINIC_CHECKOUT', { allowed: [{ groups: ['CLINIC'], market: 'HUMAN' }, device], refused: [team], attestations: ['TERMS_AND_CONDITIONS', 'LICENSED'], card: true, quote: true, organization: false }],
    ['CLINIC_CHECKOUT_VET', { allowed: [{ groups: ['CLINIC'], market: 'VETERINARY' }, vetDevice], refused: [device], attestations: ['TERMS_AND_CONDITIONS', 'LICENSED'], card: true, quote: true, organization: false }],
    ['TEAM_CHECKOUT', { allowed: [team, device], refused: [plan], attestations: ['TERMS_AND_CONDITIONS', 'LICENSED'], card: true, quote: true, organization: true }],
    ['TEAM_CHECKOUT_VET', { allowed: [{ ...team, market: 'VETERINARY' }], refused: [team], attestations: ['TERMS_AND_CONDITIONS', 'LICENSED'], card: true, quote: true, organization: true }],
    ['RENTAL_CHECKOUT', { allowed: [rental, cable], refused: [device], attestations: ['TERMS_AND_CONDITIONS', 'RENTAL_PAYMENT'], card: true, quote: false, organization: false }],
    ['FREE_TRIAL_CHECKOUT', { allowed: [plan], refused: [device], attestations: ['TERMS_AND_CONDITIONS', 'PAYMENT_AUTHORIZATION'], card: true, quote: false, organization: false }],
    ['ACCESSORIES_CHECKOUT', { allowed: [cable], refused: [device, plan], attestations: ['TERMS_AND_CONDITIONS'], card: true, quote: true, organization: false }],
    ['RENEWAL_CHECKOUT', { allowed: [plan, team], refused: [device, cable], attestations: ['TERMS_AND_CONDITIONS', 'RENEWAL'], card: true, quote: true, organization: true }],
    ['UPGRADE_CHECKOUT', { allowed: [team], refused: [device], attestations: ['TERMS_AND_CONDITIONS'], card: true, quote: true, organization: true }],
    ['EXPANSION_CHECKOUT', { allowed: [seats], refused: [team, device], attestations: ['TERMS_AND_CONDITIONS'], card: true, quote: true, organization: true }],
    ['EXTRA_PROBE_CHECKOUT', { allowed: [extra, cable], refused: [device], attestations: ['TERMS_AND_CONDITIONS'], card: true, quote: true, organization: true }],
    ['PROBE_ONLY_CHECKOUT', { allowed: [probeOnly, cable], refused: [device, plan], attestations: ['TERMS_AND_CONDITIONS', 'PROBE_ONLY'], card: true, quote: true, organization: false }],
  ];

  it('has a row for every type', () => {
    expect(rows.map(([t]) => t).sort()).toEqual(Object.keys(CHECKOUT_TYPES).sort());
  });

  for (const [type, row] of rows) {
    it(type, () => {
      for (const line of row.allowed) expect(lineAllowed(type, line as never), JSON.stringify(line)).toBe(true);
      for (const line of row.refused) expect(lineAllowed(type, line as never), JSON.stringify(line)).toBe(false);
      expect([...CHECKOUT_TYPES[type].attestations]).toEqual(row.attestations);
      const methods = availablePaymentMethods(type, 'US', 100_00);
      expect(methods.includes('CREDIT_CARD')).toBe(row.card);
      expect(methods.includes('ELECTRONIC_QUOTE')).toBe(row.quote);
      expect(CHECKOUT_TYPES[type].needsOrganization).toBe(row.organization);
    });
  }

  it('infers the type of an anonymous cart from its first main line', () => {
    expect(inferCheckoutType([cable, device])).toBe('INDIVIDUAL_CHECKOUT');
    expect(inferCheckoutType([vetDevice])).toBe('INDIVIDUAL_CHECKOUT_VET');
    expect(inferCheckoutType([bundle, cable])).toBe('ALL_IN_BUNDLE_CHECKOUT');
    expect(inferCheckoutType([cable])).toBe('ACCESSORIES_CHECKOUT');
    expect(inferCheckoutType([rental])).toBe('RENTAL_CHECKOUT');
    expect(inferCheckoutType([probeOnly])).toBe('PROBE_ONLY_CHECKOUT');
  });
});

describe('payment methods by country', () => {
  it('offers the local methods where their banks are, card and quote everywhere, FREE alone at zero', () => {
    expect(availablePaymentMethods('INDIVIDUAL_CHECKOUT', 'US', 1)).toEqual(['ACH', 'AFFIRM', 'CREDIT_CARD', 'ELECTRONIC_QUOTE', 'KLARNA', 'PAYPAL_ONE_TIME']);
    expect(availablePaymentMethods('INDIVIDUAL_CHECKOUT', 'NL', 1)).toEqual(['CREDIT_CARD', 'ELECTRONIC_QUOTE', 'IDEAL', 'KLARNA', 'PAYPAL_ONE_TIME', 'SEPA']);
    expect(availablePaymentMethods('INDIVIDUAL_CHECKOUT', 'BE', 1)).toContain('BANCONTACT');
    expect(availablePaymentMethods('INDIVIDUAL_CHECKOUT', 'AT', 1)).toContain('EPS');
    expect(availablePaymentMethods('INDIVIDUAL_CHECKOUT', 'PL', 1)).toContain('PRZELEWY24');
    expect(availablePaymentMethods('INDIVIDUAL_CHECKOUT', 'CA', 1)).toContain('ACSS');
    expect(availablePaymentMethods('INDIVIDUAL_CHECKOUT', 'KE', 1)).toEqual(['CREDIT_CARD', 'ELECTRONIC_QUOTE']);
    expect(availablePaymentMethods('INDIVIDUAL_CHECKOUT', 'DE', 0)).toEqual(['FREE']);
  });
});

describe('totals', () => {
  const base: TotalsInput = {
    currency: 'eur', pricesEntered: 'gross', reverseCharge: false, dutyRate: null, voucher: null, shipping: { amount: 0, taxRate: 19_000 },
    lines: [
      { id: 'a', sku: 'IQ3', quantity: 1, isFree: false, unitAmount: 3999_00, unitUndiscounted: 4299_00, taxRate: 19_000, isPhysical: true },
      { id: 'b', sku: 'CABLE', quantity: 2, isFree: false, unitAmount: 42_99, unitUndiscounted: 42_99, taxRate: 19_000, isPhysical: true },
    ],
  };

  it('gross-entered prices keep their gross; savings count the sale', () => {
    const t = computeTotals(base);
    expect(t.total.gross).toBe(3999_00 + 2 * 42_99);
    expect(t.total.net + t.total.tax).toBe(t.total.gross);
    expect(t.totalSavings).toBe(300_00);
    expect(t.discount).toBe(0);
  });

  it('reverse charge: the buyer pays the net, no VAT', () => {
    const t = computeTotals({ ...base, reverseCharge: true });
    expect(t.total.tax).toBe(0);
    expect(t.total.gross).toBe(computeTotals(base).total.net);
  });

  it('a voucher discounts applicable items, at most applyNTimesPerOrder units', () => {
    const voucher = {
      code: 'X', discountKind: 'PERCENT', discountPercent: 10_000, discountFixed: null, countries: [], startsAt: null, expiresAt: null,
      voucherApplicableItemsSkus: ['CABLE'], isActive: true, usageLimit: null, usedCount: 0, applyNTimesPerOrder: 1,
    };
    const t = computeTotals({ ...base, voucher });
    expect(t.discount).toBe(430); // 10 % of one cable, 4.299 € → 4.30 €
    expect(t.total.gross).toBe(3999_00 + 2 * 42_99 - 430);
  });

  it('a trade-in credits a share of one unit of the dearest probe, after the voucher, off the order and apart from the discount', () => {
    const probes = [{ ...base.lines[0]!, quantity: 2, isProbe: true }, { ...base.lines[1]!, isProbe: false }];
    const plain = computeTotals({ ...base, lines: probes });
    const t = computeTotals({ ...base, lines: probes, tradeIn: { percent: 10_000 } });
    expect(t.tradeInCredit.gross).toBe(399_90); // 10 % of one 3,999 € probe, not of both
    expect(t.total.gross).toBe(plain.total.gross - 399_90);
    expect(t.discount).toBe(0);
    expect(t.totalSavings).toBe(plain.totalSavings + 399_90);
    expect(t.lines[0]!.totalPriceDiscounted.gross).toBe(2 * 3999_00); // off the order, not a line
    expect(t.total.tax).toBe(plain.total.tax - (399_90 - Math.round(399_90 / 1.19)));
    const voucher = {
      code: 'X', discountKind: 'PERCENT', discountPercent: 50_000, discountFixed: null, countries: [], startsAt: null, expiresAt: null,
      voucherApplicableItemsSkus: [], isActive: true, usageLimit: null, usedCount: 0,
    };
    const both = computeTotals({ ...base, lines: [{ ...probes[0]!, unitUndiscounted: 3999_00 }], voucher, tradeIn: { percent: 10_000 } });
    expect(both.tradeInCredit.gross).toBe(199_95); // 10 % of the half price
    expect(both.discount).toBe(3999_00);
    expect(computeTotals({ ...base, tradeIn: { percent: 10_000 } }).tradeInCredit.gross).toBe(0); // no probe flagged: nothing to take it off
  });

  it('free item lines cost nothing and count as savings', () => {
    const t = computeTotals({ ...base, lines: [{ ...base.lines[1]!, isFree: true, quantity: 1 }] });
    expect(t.total.gross).toBe(0);
    expect(t.totalSavings).toBe(42_99);
  });

  it('estimates duty on the net of physical goods where it applies', () => {
    const t = computeTotals({ ...base, currency: 'usd', pricesEntered: 'net', dutyRate: 5_000, lines: [{ ...base.lines[0]!, taxRate: 0 }] });
    expect(t.estimatedDuty).toBe(19995);
  });

  it('property: net + tax = gross for every line and total, and the total never goes below zero', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ unit: fc.integer({ min: 0, max: 1_000_000 }), quantity: fc.integer({ min: 1, max: 20 }), rate: fc.integer({ min: 0, max: 27_000 }), free: fc.boolean() }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom<'net' | 'gross'>('net', 'gross'),
        fc.integer({ min: 0, max: 100_000 }),
        fc.boolean(),
        fc.option(fc.integer({ min: 0, max: 100_000 })),
        (lines, entered, percent, reverse, tradeIn) => {
          const t = computeTotals({
            ...base, pricesEntered: entered, reverseCharge: reverse, tradeIn: tradeIn === null ? null : { percent: tradeIn },
            voucher: { code: 'P', discountKind: 'PERCENT', discountPercent: percent, discountFixed: null, countries: [], startsAt: null, expiresAt: null, voucherApplicableItemsSkus: [], isActive: true, usageLimit: null, usedCount: 0 },
            lines: lines.map((l, i) => ({ id: String(i), sku: `S${i}`, quantity: l.quantity, isFree: l.free, unitAmount: l.unit, unitUndiscounted: l.unit, taxRate: l.rate, isPhysical: true, isProbe: i % 2 === 0 })),
          });
          expect(t.discount).toBeGreaterThanOrEqual(0);
          expect(t.tradeInCredit.gross).toBeLessThanOrEqual(t.subtotalWithDiscounts.gross);
          for (const m of [t.total, t.subtotal, t.subtotalWithDiscounts, ...t.lines.map((l) => l.totalPriceDiscounted)]) expect(m.net + m.tax).toBe(m.gross);
          expect(t.total.gross).toBeGreaterThanOrEqual(0);
          expect(t.discount + t.tradeInCredit.gross).toBeLessThanOrEqual(t.subtotal.gross);
        },
      ),
      { seed: 42, numRuns: 500 },
    );
  });
});

describe('VAT numbers and reverse charge', () => {
  it('checks the format of the checkout country', () => {
    expect(checkVatNumber('DE 123456789', 'DE')).toEqual({ normalized: 'DE123456789', country: 'DE' });
    expect(checkVatNumber('DE12345678', 'DE')).toBeNull();
    expect(checkVatNumber('FR12345678901', 'DE')).toBeNull();
    expect(checkVatNumber('ATU12345678', 'AT')).not.toBeNull();
    expect(checkVatNumber('NL123456789B01', 'NL')).not.toBeNull();
    expect(checkVatNumber('EL123456789', 'GR')).not.toBeNull();
    expect(checkVatNumber('US123456789', 'US')).toBeNull();
  });

  it('reverse charge for another member state than the seller\'s (NL)', () => {
    expect(reverseChargeApplies(checkVatNumber('DE123456789', 'DE'))).toBe(true);
    expect(reverseChargeApplies(checkVatNumber('NL123456789B01', 'NL'))).toBe(false);
    expect(reverseChargeApplies(null)).toBe(false);
  });
});

describe('payment states', () => {
  it('allows only legal transitions', () => {
    expect(canChangeCharge('ASYNC_PROCESSING', 'FULLY_CHARGED')).toBe(true);
    expect(canChangeCharge('ASYNC_PROCESSING', 'NOT_CHARGED')).toBe(true);
    expect(canChangeCharge('FULLY_CHARGED', 'NOT_CHARGED')).toBe(false);
    expect(canChangeCharge('FULLY_CHARGED', 'ASYNC_PROCESSING')).toBe(false);
    expect(canChangeCharge('NOT_CHARGED', 'FULLY_CHARGED')).toBe(true);
    expect(canChangeInvoice('OPEN', 'PAID')).toBe(true);
    expect(canChangeInvoice('PAID', 'OPEN')).toBe(false);
    expect(canChangeInvoice('PAID', 'PAID')).toBe(false);
  });
});

describe('test gateway cards (Stripe test numbers)', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const card = (number: string, extra: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) =>
    testCardOutcome({ number, expMonth: 12, expYear: 2030, cvc: '123', ...extra }, now);
  it('gives each listed outcome', () => {
    expect(card('4242 4242 4242 4242')).toBe('SUCCEEDED');
    expect(card('4000 0000 0000 0002')).toBe('CARD_DECLINED');
    expect(card('4000000000000069')).toBe('EXPIRED_CARD');
    expect(card('4000000000000127')).toBe('INCORRECT_CVC');
    expect(card('4000000000000119')).toBe('PROCESSING_ERROR');
    expect(card('4000000000000036')).toBe('INCORRECT_ZIP');
    expect(card('4000000000000341')).toBe('CANNOT_ATTACH_CARD');
    expect(card('4242424242424241')).toBe('INCORRECT_NUMBER');
  });
  it('a past expiry is EXPIRED_CARD, a malformed CVC INCORRECT_CVC', () => {
    expect(card('4242424242424242', { expMonth: 10, expYear: 2026 })).toBe('EXPIRED_CARD');
    expect(card('4242424242424242', { expMonth: 11, expYear: 26 })).toBe('SUCCEEDED');
    expect(card('4242424242424242', { cvc: '12' })).toBe('INCORRECT_CVC');
  });
});

describe('shipping', () => {
  it('offers the zone\'s methods in the country\'s currency', () => {
    expect(shippingMethodsFor('DE', 'eur').map((m) => [m.id, m.price])).toEqual([['STANDARD', 0], ['EXPRESS', 27_00]]);
    expect(shippingMethodsFor('KE', 'usd').map((m) => m.id)).toEqual(['STANDARD', 'EXPRESS']);
  });
});
