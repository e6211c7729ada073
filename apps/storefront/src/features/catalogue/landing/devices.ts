import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import type { LandingPage } from './landing-page.ts';

/** Probe pages: the IQ3, IQ+ and IQ+ Vet pages, the probe-only pages and the device overviews. */
export const DEVICE_PAGES: LandingPage[] = [
  {
    key: 'iq3', path: 'iq-3/', section: 'iq', products: [{ slug: 'iq3' }], heading: 'product', lead: 'product', layout: 'single',
    points: 'probe', pageView: PAGE_VIEWS.iq3Product, financing: true, cta: { kind: 'cart' },
  },
  {
    key: 'iqPlus', path: 'iq-plus/', section: 'iq', products: [{ slug: 'iq-plus' }], heading: 'product', lead: 'product', layout: 'single',
    points: 'probe', pageView: PAGE_VIEWS.product, financing: true, cta: { kind: 'cart' },
  },
  {
    key: 'vetIqPlus', path: 'vet/iq-plus/', section: 'vet', products: [{ slug: 'iq-plus-vet' }], heading: 'product', lead: 'product', layout: 'single',
    points: 'vetProbe', pageView: PAGE_VIEWS.product, financing: false, cta: { kind: 'cart' },
  },
  {
    key: 'probe', path: 'probe/', section: 'iq',
    products: [{ slug: 'probe-only', skus: ['IQ3-USBC-HUMAN-PROBE-ONLY', 'IQPLUS-LIGHTNING-HUMAN-PROBE-ONLY'] }],
    heading: 'product', lead: 'product', layout: 'single', points: 'probeOnly', pageView: PAGE_VIEWS.probeOnly, financing: true, cta: { kind: 'cart' },
  },
  {
    key: 'vetProbe', path: 'vet/probe/', section: 'vet', products: [{ slug: 'probe-only', skus: ['IQPLUS-USBC-VET-PROBE-ONLY'] }],
    heading: 'product', lead: 'product', layout: 'single', points: 'probeOnly', pageView: PAGE_VIEWS.probeOnlyVet, financing: false, cta: { kind: 'cart' },
  },
  {
    key: 'deviceIq', path: 'device-iq/', section: 'iq', products: [{ slug: 'iq3' }, { slug: 'iq-plus' }], heading: 'message', lead: 'message', layout: 'grid',
    points: 'probe', pageView: PAGE_VIEWS.productDetails, financing: true, cta: { kind: 'cart' },
  },
  {
    key: 'vetDevice', path: 'vet/device/', section: 'vet', products: [{ slug: 'iq3-vet' }, { slug: 'iq-plus-vet' }], heading: 'message', lead: 'message', layout: 'grid',
    points: 'vetProbe', pageView: PAGE_VIEWS.productDetails, financing: false, cta: { kind: 'cart' },
  },
];
