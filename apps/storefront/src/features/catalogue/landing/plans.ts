import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import type { LandingPage } from './landing-page.ts';

/**
 * Membership pages: Pro and Pro Vet, the veterinary 1-, 2- and 3-year Pro pages and the vet rental.
 * The catalogue sells Pro Vet prepaid for 1 or 3 years, or billed yearly; the 2-year page pairs the
 * yearly-billed plan with the 2-year extended warranty, and the 3-year page the 3-year prepaid plan
 * with the 3-year warranty, so the cover of the probe matches the term.
 */
export const PLAN_PAGES: LandingPage[] = [
  {
    key: 'pro', path: 'pro-membership/', section: 'iq', products: [{ slug: 'pro-membership' }], heading: 'product', lead: 'product', layout: 'single',
    points: 'pro', pageView: PAGE_VIEWS.subscriptionPurchase, financing: false, cta: { kind: 'cart' },
  },
  {
    key: 'proVet', path: 'vet/pro-membership/', section: 'vet', products: [{ slug: 'pro-membership-vet' }], heading: 'product', lead: 'product', layout: 'single',
    points: 'proVet', pageView: PAGE_VIEWS.subscriptionPurchase, financing: false, cta: { kind: 'cart' },
  },
  {
    key: 'vetPro1', path: 'vet/pro/1-year/', section: 'vet', products: [{ slug: 'pro-membership-vet', skus: ['PRO-1Y-VET'] }],
    heading: 'message', lead: 'message', layout: 'single', points: 'proVet', pageView: PAGE_VIEWS.subscriptionPurchase, financing: false, cta: { kind: 'cart' },
  },
  {
    key: 'vetPro2', path: 'vet/pro/2-year/', section: 'vet',
    products: [{ slug: 'pro-membership-vet', skus: ['PRO-ANNUAL-VET'] }, { slug: 'extended-warranty-2-years', skus: ['WARRANTY-2Y-VET'] }],
    heading: 'message', lead: 'message', layout: 'grid', points: 'proVet', pageView: PAGE_VIEWS.subscriptionPurchase, financing: false, cta: { kind: 'cart' },
  },
  {
    key: 'vetPro3', path: 'vet/pro/3-year/', section: 'vet',
    products: [{ slug: 'pro-membership-vet', skus: ['PRO-3Y-VET'] }, { slug: 'extended-warranty-3-years', skus: ['WARRANTY-3Y-VET'] }],
    heading: 'message', lead: 'message', layout: 'grid', points: 'proVet', pageView: PAGE_VIEWS.subscriptionPurchase, financing: false, cta: { kind: 'cart' },
  },
  {
    key: 'vetRental', path: 'vet/rental/', section: 'vet', products: [{ slug: 'probe-rental', skus: ['RENTAL-IQPLUS-VET'] }],
    heading: 'product', lead: 'product', layout: 'single', points: 'rental', pageView: PAGE_VIEWS.vetRental, financing: false, cta: { kind: 'cart' },
  },
];
