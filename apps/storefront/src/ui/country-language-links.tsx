import { COUNTRY_LANGUAGES, isKnownCountry, LANGUAGE_ENDONYMS } from '@probe/domain';
import { Link } from 'react-router';
import type { CountryFields } from '../data/shop-operations.ts';

/** A store country's languages as links to its store (each named in its own language). */
export function CountryLanguageLinks({ country, rest = '', search = '', current }: {
  country: CountryFields;
  rest?: string;
  search?: string;
  /** The route's country and language, marked as the current page. */
  current?: { country: string; language: string };
}) {
  const languages = isKnownCountry(country.code) ? COUNTRY_LANGUAGES[country.code] : (['en'] as const);
  return languages.map((language) => (
    <Link
      key={language}
      to={`/${country.code.toLowerCase()}/${language}/${rest}${search}`}
      lang={language}
      aria-current={current && current.country === country.code && current.language === language ? 'page' : undefined}
      aria-label={`${country.country}, ${LANGUAGE_ENDONYMS[language]}`}
    >
      {LANGUAGE_ENDONYMS[language]}
    </Link>
  ));
}
