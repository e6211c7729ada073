import { useIntl } from 'react-intl';
import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { usePageTitle } from '../../../lib/head.tsx';
import { HomeSections, loadHome, OfferStrip, type HomeData } from './home.tsx';
import './home.css';

/** The specialization homes /iq/ (human medicine) and /vet/ (veterinary medicine), spec §2. */
export const loader = (args: LoaderFunctionArgs) => loadHome(args, new URL(args.request.url).pathname.includes('/vet/') ? 'vet' : 'iq');

export function Component() {
  const intl = useIntl();
  const home = useLoaderData<HomeData>();
  const vet = /\/vet\/?$/.test(useLocation().pathname);
  const title = intl.formatMessage({ id: vet ? 'home.vet' : 'home.human' });
  usePageTitle(`${title} · ${intl.formatMessage({ id: 'app.brand' })}`);
  return (
    <>
      <OfferStrip home={home} />
      <section className="hero hero--compact">
        <div className="container hero__inner">
          <h1>{title}</h1>
          <p className="hero__lead">{intl.formatMessage({ id: 'home.lead' })}</p>
        </div>
      </section>
      <HomeSections home={home} market={vet ? 'VETERINARY' : 'HUMAN'} />
    </>
  );
}
