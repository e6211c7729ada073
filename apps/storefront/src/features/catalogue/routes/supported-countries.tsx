import { useIntl } from 'react-intl';
import { useStoreData } from '../../../data/route-data.ts';
import { CountryLanguageLinks } from '../../../ui/country-language-links.tsx';
import { usePageTitle } from '../../../lib/head.tsx';

/** Supported countries: every store country, named in the route's language, with a link to its store in each language. */
export function Component() {
  const intl = useIntl();
  const { countries } = useStoreData()!;
  usePageTitle(`${intl.formatMessage({ id: 'countries.title' })} · ${intl.formatMessage({ id: 'app.brand' })}`);
  const sorted = [...countries].sort((a, b) => a.country.localeCompare(b.country, intl.locale));
  return (
    <div className="container page">
      <h1>{intl.formatMessage({ id: 'countries.title' })}</h1>
      <p className="page__lead">{intl.formatMessage({ id: 'countries.lead' }, { count: countries.length })}</p>
      <ul className="country-list">
        {sorted.map((c) => (
          <li key={c.code}>
            <span className="country-list__name">{c.country}</span>
            <span className="country-list__languages">
              <CountryLanguageLinks country={c} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
