import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import './status-page.css';

export function NotFoundScreen({ homeHref }: { homeHref: string }) {
  const intl = useIntl();
  return (
    <section className="status-page" aria-labelledby="not-found-heading" data-testid="not-found">
      <div className="status-page__card">
        <svg className="status-page__icon" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="m16 16 4.5 4.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        <h1 id="not-found-heading">{intl.formatMessage({ id: 'notFound.heading' })}</h1>
        <p className="status-page__text">{intl.formatMessage({ id: 'notFound.text' })}</p>
        <Link className="button" to={homeHref}>{intl.formatMessage({ id: 'notFound.home' })}</Link>
      </div>
    </section>
  );
}
