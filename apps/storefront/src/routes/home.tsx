import { useIntl } from 'react-intl';
import { Link, useRouteLoaderData } from 'react-router';
import { usePageTitle } from '../lib/head.tsx';
import type { BaseData } from './base.tsx';
import './home.css';

/** Home (spec §2 `/`). The catalogue and offers arrive with the browsing screens. */
export function Component() {
  const intl = useIntl();
  const base = useRouteLoaderData<BaseData>('base')!;
  usePageTitle(`${intl.formatMessage({ id: 'app.brand' })} · ${intl.formatMessage({ id: 'app.brandTagline' })}`);
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <h1>{intl.formatMessage({ id: 'home.title' })}</h1>
          <p className="hero__lead">{intl.formatMessage({ id: 'home.lead' })}</p>
        </div>
      </section>
      <section className="container home-paths">
        <div className="grid">
          <article className="path-card span-12 md-span-6">
            <h2>{intl.formatMessage({ id: 'home.human' })}</h2>
            <p>{intl.formatMessage({ id: 'home.humanText' })}</p>
            <Link className="button" to={`${base.basePath}/iq/`}>{intl.formatMessage({ id: 'home.explore' })}<span className="visually-hidden">: {intl.formatMessage({ id: 'home.human' })}</span></Link>
          </article>
          <article className="path-card span-12 md-span-6">
            <h2>{intl.formatMessage({ id: 'home.vet' })}</h2>
            <p>{intl.formatMessage({ id: 'home.vetText' })}</p>
            <Link className="button" to={`${base.basePath}/vet/`}>{intl.formatMessage({ id: 'home.explore' })}<span className="visually-hidden">: {intl.formatMessage({ id: 'home.vet' })}</span></Link>
          </article>
        </div>
      </section>
    </>
  );
}
