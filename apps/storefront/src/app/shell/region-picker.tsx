import { LANGUAGE_ENDONYMS } from '@probe/domain';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { type BaseData } from '../../data/route-data.ts';
import { CountryLanguageLinks } from '../../ui/country-language-links.tsx';
import type { CountryFields } from '../../data/shop-operations.ts';

/** Country and language switcher: a native disclosure of links, usable without JavaScript and by keyboard. */
export function RegionPicker({ base, countries }: { base: BaseData; countries: CountryFields[] }) {
  const intl = useIntl();
  const location = useLocation();
  const rest = location.pathname.split('/').slice(3).join('/');
  const current = countries.find((c) => c.code === base.country)?.country ?? base.country;
  // A choice navigates in the page: the panel closes with it (it stayed open over the page it led to).
  const panel = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (panel.current) panel.current.open = false;
  }, [location.pathname]);
  return (
    <details className="region-picker" ref={panel}>
      <summary>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
        <span className="visually-hidden">{intl.formatMessage({ id: 'app.chooseRegion' })}: </span>
        <span className="region-picker__full">{intl.formatMessage({ id: 'app.regionCurrent' }, { country: current, language: LANGUAGE_ENDONYMS[base.language] })}</span>
        <span className="region-picker__short" aria-hidden="true">{`${base.country} · ${base.language.toUpperCase()}`}</span>
      </summary>
      <div className="region-picker__panel">
        <p className="region-picker__title">{intl.formatMessage({ id: 'app.chooseRegion' })}</p>
        <ul>
          {countries.map((country) => (
            <li key={country.code}>
              <span className="region-picker__country">{country.country}</span>
              <span className="region-picker__languages">
                <CountryLanguageLinks country={country} rest={rest} search={location.search} current={{ country: base.country, language: base.language }} />
              </span>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
