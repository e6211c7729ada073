import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import type { LandingPage } from './landing-page.ts';

/** The trade-in program and the pricing cable page. */
export const PROGRAM_PAGES: LandingPage[] = [
  {
    key: 'tradeIn', path: 'trade-in/', section: 'iq', products: [{ slug: 'iq3' }, { slug: 'iq-plus' }], heading: 'message', lead: 'message', layout: 'grid',
    points: 'tradeIn', pageView: PAGE_VIEWS.tradeIn, financing: false, cta: { kind: 'link', label: 'landing.tradeIn.cta' },
  },
  {
    key: 'cable', path: 'pricing/cable/', section: 'pricing',
    products: [{ slug: 'usb-c-cable' }, { slug: 'usb-c-cable-long' }, { slug: 'lightning-cable' }, { slug: 'lightning-cable-long' }],
    heading: 'message', lead: 'message', layout: 'grid', points: 'cable', pageView: PAGE_VIEWS.pricingCable, financing: false, cta: { kind: 'cart' },
  },
];
