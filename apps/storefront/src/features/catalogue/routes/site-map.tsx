import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useBaseData } from '../../../data/route-data.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { LANDING_PAGES } from '../landing/pages.ts';

/** The site map (/site-map/): every screen of the store in the route's country and language. */
const SCREENS: Array<{ path: string; label: string }> = [
  { path: '', label: 'nav.homeLink' },
  { path: 'iq/', label: 'nav.human' },
  { path: 'vet/', label: 'nav.vet' },
  { path: 'iq/bundle/', label: 'bundles.title' },
  { path: 'accessories/', label: 'nav.accessories' },
  { path: 'pricing/', label: 'nav.pricing' },
  { path: 'supported-countries/', label: 'countries.title' },
  { path: 'contact/', label: 'nav.contact' },
  { path: 'offer/', label: 'offer.title' },
  { path: 'product/iq3/all-in/', label: 'siteMap.allInBundle' },
  { path: 'all-in/', label: 'allInOffer.title' },
  { path: 'product-flow/', label: 'productFlow.title' },
  { path: 'pricing-survey/', label: 'survey.title' },
  { path: 'pro-custom/', label: 'proCustom.title' },
  // The landing pages, by their own titles, then the terms.
  ...LANDING_PAGES.map((page) => ({ path: page.path, label: `landing.${page.key}.title` })),
  { path: 'terms/', label: 'terms.title' },
];

export function Component() {
  const intl = useIntl();
  const base = useBaseData();
  usePageTitle(`${intl.formatMessage({ id: 'siteMap.title' })} · ${intl.formatMessage({ id: 'app.brand' })}`);
  return (
    <div className="container page">
      <h1>{intl.formatMessage({ id: 'siteMap.title' })}</h1>
      <ul className="site-map">
        {SCREENS.map((screen) => (
          <li key={screen.path}>
            <Link to={`${base.basePath}/${screen.path}`}>{intl.formatMessage({ id: screen.label })}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
