import { useIntl } from 'react-intl';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { usePageView } from '../../../analytics/use-page-view.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { TERMS_EFFECTIVE_DATE, TERMS_PARTS } from '../landing/terms.ts';
import './landing.css';

/** Terms and conditions (/terms/): the master terms (MASTER_TERMS), then the rental terms (RENTAL_TERMS). */
export function Component() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'terms.title' });
  usePageTitle(`${title} · ${intl.formatMessage({ id: 'app.brand' })}`);
  usePageView(PAGE_VIEWS.terms);
  const effective = intl.formatDate(new Date(`${TERMS_EFFECTIVE_DATE}T12:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' });
  return (
    <div className="container page terms">
      <header className="terms__header">
        <h1>{title}</h1>
        <p className="page__lead">{intl.formatMessage({ id: 'terms.lead' })}</p>
        <p className="terms__effective">{intl.formatMessage({ id: 'terms.effective' }, { date: effective })}</p>
      </header>
      <div className="terms__layout">
        <nav className="terms__contents" aria-labelledby="terms-contents">
          <h2 id="terms-contents">{intl.formatMessage({ id: 'terms.contents' })}</h2>
          <ol>
            {TERMS_PARTS.map((part) => (
              <li key={part.id}><a href={`#${part.anchor}`}>{intl.formatMessage({ id: `terms.${part.id}.title` })}</a></li>
            ))}
          </ol>
        </nav>
        <div className="terms__body">
          {TERMS_PARTS.map((part) => (
            <section key={part.id} id={part.anchor} className="terms__part" aria-labelledby={`${part.anchor}-heading`} data-terms={part.id === 'master' ? 'MASTER_TERMS' : 'RENTAL_TERMS'}>
              <h2 id={`${part.anchor}-heading`}>{intl.formatMessage({ id: `terms.${part.id}.title` })}</h2>
              {part.id === 'rental' ? <p className="terms__note">{intl.formatMessage({ id: 'terms.rental.intro' })}</p> : null}
              <ol className="terms__clauses">
                {part.clauses.map((clause) => (
                  <li key={clause}>
                    <h3>{intl.formatMessage({ id: `terms.${part.id}.${clause}.heading` })}</h3>
                    <p>{intl.formatMessage({ id: `terms.${part.id}.${clause}.text` })}</p>
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
