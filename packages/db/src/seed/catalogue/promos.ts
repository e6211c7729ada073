import { currencyOf, EU_COUNTRIES, shippingMethodsFor, STORE_COUNTRIES } from '@probe/domain';

/** Demo promos and vouchers: one of each kind the checkout must handle. */
export interface PromoDef {
  code: string | null;
  name: string;
  discountKind: 'PERCENT' | 'FIXED';
  discountPercent?: number;
  discountFixed?: Record<string, number>;
  countries?: string[];
  startsAt?: string;
  expiresAt?: string;
  attributionDays?: number;
  applyNTimesPerOrder?: number;
  bannerMessage?: string;
  bannerLink?: string;
  bannerColor?: string;
  bannerVisibilityPages?: string[];
  voucherApplicableItemsSkus?: string[];
  bundles?: string[];
  /** STUDENT and VET_STUDENT promos have no code: they apply by themselves to a verified learner's checkout. */
  codeKind?: 'VOUCHER' | 'AFFILIATE' | 'REFERRAL' | 'STUDENT' | 'VET_STUDENT';
  usageLimit?: number;
  freeVariants?: Array<{ sku: string; quantity: number }>;
}

export const PROMOS: PromoDef[] = [
  {
    code: 'SPRING10', name: 'Spring offer', discountKind: 'PERCENT', discountPercent: 10_000, expiresAt: '2027-06-30T23:59:59Z',
    attributionDays: 30, applyNTimesPerOrder: 1, bannerMessage: 'Spring offer: 10% off with code SPRING10', bannerLink: '/pricing/',
    bannerColor: '#0b2545', bannerVisibilityPages: ['home', 'product', 'cart'],
  },
  {
    code: 'VET15', name: 'Veterinary welcome', discountKind: 'PERCENT', discountPercent: 15_000, expiresAt: '2027-12-31T23:59:59Z',
    voucherApplicableItemsSkus: ['IQ3-USBC-VET', 'IQ3-LIGHTNING-VET', 'IQPLUS-LIGHTNING-VET', 'IQPLUS-USBC-VET', 'PRO-ANNUAL-VET', 'PRO-1Y-VET', 'PRO-3Y-VET'],
  },
  { code: 'EXPIRED20', name: 'Last year\'s offer', discountKind: 'PERCENT', discountPercent: 20_000, expiresAt: '2025-01-31T23:59:59Z' },
  {
    code: 'EUROPE50', name: 'European launch', discountKind: 'FIXED', discountFixed: { eur: 50_00, sek: 550_00, dkk: 370_00, pln: 210_00 },
    countries: [...EU_COUNTRIES], expiresAt: '2027-03-31T23:59:59Z', voucherApplicableItemsSkus: ['IQ3-USBC-HUMAN', 'IQ3-LIGHTNING-HUMAN'],
  },
  {
    code: 'CABLEFREE', name: 'Free long cable', discountKind: 'PERCENT', discountPercent: 0, expiresAt: '2027-12-31T23:59:59Z',
    freeVariants: [{ sku: 'ACC-USBC-3M', quantity: 1 }], bundles: ['INDIVIDUAL_CHECKOUT', 'TEAM_CHECKOUT'],
  },
  { code: 'DRSMITH', name: 'Dr Smith\'s recommendation', discountKind: 'PERCENT', discountPercent: 5_000, codeKind: 'AFFILIATE', attributionDays: 60 },
  {
    code: 'SAMPLE100', name: 'Clinic sample cable', discountKind: 'PERCENT', discountPercent: 100_000, expiresAt: '2027-12-31T23:59:59Z',
    voucherApplicableItemsSkus: ['ACC-USBC-1M'], applyNTimesPerOrder: 1,
  },
  { code: 'REFER-7Q2K', name: 'Colleague referral', discountKind: 'PERCENT', discountPercent: 10_000, codeKind: 'REFERRAL', usageLimit: 5 },
  // The student prices (shop flags studentPromo / vetStudentPromo): 20 % off an IQ3 and the Core membership, for verified learners.
  { code: null, name: 'Student price', discountKind: 'PERCENT', discountPercent: 20_000, codeKind: 'STUDENT', voucherApplicableItemsSkus: ['IQ3-USBC-HUMAN', 'IQ3-LIGHTNING-HUMAN', 'CORE-ANNUAL-HUMAN'] },
  { code: null, name: 'Veterinary student price', discountKind: 'PERCENT', discountPercent: 20_000, codeKind: 'VET_STUDENT', voucherApplicableItemsSkus: ['IQ3-USBC-VET', 'IQ3-LIGHTNING-VET', 'CORE-ANNUAL-VET'] },
];

/** The store countries whose standard delivery costs nothing (all but those shipped from the rest of the world zone). */
const FREE_STANDARD_SHIPPING = STORE_COUNTRIES.filter((code) => shippingMethodsFor(code, currencyOf(code)).some((m) => m.id === 'STANDARD' && m.price === 0));

/**
 * The demo site banner: true where it is shown (the standard delivery's price is 0 there; express is paid), linking
 * to the supported countries page. It said "free express shipping" to every country, linking to a page that did not exist.
 */
export const BANNERS = [
  { content: 'Free standard delivery on every order', url: '/supported-countries/', visibility: ['home', 'product'], countries: [...FREE_STANDARD_SHIPPING] as string[] },
];

export const OFFERS = [
  { slug: 'summer-2026', startDate: '2026-07-01T00:00:00Z', endDate: '2026-07-31T23:59:59Z' },
  { slug: 'black-friday-2026', startDate: '2026-11-20T00:00:00Z', endDate: '2026-12-01T23:59:59Z' },
  { slug: 'holiday-2026', startDate: '2026-12-10T00:00:00Z', endDate: '2026-12-31T23:59:59Z' },
];
