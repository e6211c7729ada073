import { STORE_COUNTRIES } from '@probe/domain';
import { useMemo } from 'react';
import { useText } from './i18n/text.ts';

/**
 * A select of the 32 store countries (spec §9, the domain's one list), named in the console's language and
 * sorted by name, so an operator finds Singapore under S.
 */
export function StoreCountrySelect({ id, value, onChange }: { id: string; value: string; onChange: (country: string) => void }) {
  const { countryName } = useText();
  const choices = useMemo(() => STORE_COUNTRIES.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name)), [countryName]);
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
      {choices.map((c) => <option key={c.code} value={c.code}>{c.name}</option>)}
    </select>
  );
}
