import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useOutletContext } from 'react-router';
import { gql } from '../api.ts';
import { Outcome, useOutcome } from '../outcome.tsx';
import { StoreCountrySelect } from '../store-countries.tsx';
import { useText, type MessageId } from '../i18n/text.ts';
import type { Me } from '../layout.tsx';
import { useData, useDescribe } from '../use-data.ts';

interface Rate { area: string; taxClass: string; name: string; percent: string }
interface Result { saved: boolean; rates: Rate[]; errors: Array<{ field: string; message: string }> }
const LOAD = 'query Rates($country: String!) { taxRates(country: $country) { area taxClass name percent } }';
const SAVE = 'mutation SaveRates($country: String!, $changes: [StaffTaxRateChange!]!) { taxRatesUpdate(country: $country, changes: $changes) { saved rates { area taxClass name percent } errors { field message } } }';
const CLASSES: Record<string, MessageId> = { STANDARD: 'taxes.class.standard', DIGITAL: 'taxes.class.digital' };
const key = (r: { area: string; taxClass: string }) => `${r.area}/${r.taxClass}`;

/** A country's tax rates, country-wide and per state or province: percent with two decimals and the name receipts print. */
export function TaxesPage() {
  const me = useOutletContext<Me>();
  const { t, countryName } = useText();
  const describe = useDescribe();
  const canEdit = me.permissions.includes('catalogue.write');
  const [country, setCountry] = useState('DE');
  const { data, error, reload } = useData(() => gql<{ taxRates: Rate[] }>(LOAD, { country }).then((d) => d.taxRates), [country]);
  const [edits, setEdits] = useState<Record<string, { percent?: string; name?: string }>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const outcome = useOutcome('taxes');

  const changes = (data ?? []).filter((r) => edits[key(r)]).map((r) => ({
    area: r.area, taxClass: r.taxClass, percent: edits[key(r)]!.percent ?? r.percent, name: edits[key(r)]!.name ?? r.name,
  })).filter((c) => { const r = data!.find((x) => key(x) === key(c))!; return c.percent !== r.percent || c.name !== r.name; });
  const edit = (r: Rate, field: 'percent' | 'name', value: string) => setEdits((all) => ({ ...all, [key(r)]: { ...all[key(r)], [field]: value } }));

  const save = async () => {
    outcome.clear();
    try {
      const result = (await gql<{ taxRatesUpdate: Result }>(SAVE, { country, changes })).taxRatesUpdate;
      setErrors(Object.fromEntries(result.errors.map((e) => [e.field, e.message])));
      if (result.errors.length) outcome.failed(t('taxes.nothingSaved'));
      else if (result.saved) {
        outcome.done(t('taxes.saved', { count: changes.length, country: countryName(country) }));
        setEdits({});
        reload();
      }
    } catch (e) {
      outcome.failed(describe(e));
    }
  };
  const input = (r: Rate, field: 'percent' | 'name') => {
    const id = `${key(r)}.${field}`;
    return (
      <td className={errors[id] ? 'invalid' : undefined}>
        <label className="visually-hidden" htmlFor={id}>
          {t(field === 'name' ? 'taxes.nameOf' : 'taxes.percentOf', { taxClass: r.taxClass, area: r.area || 'none' })}
        </label>
        <input id={id} className={field === 'percent' ? 'price-input' : 'tax-name'} inputMode={field === 'percent' ? 'decimal' : undefined} readOnly={!canEdit}
          value={edits[key(r)]?.[field] ?? r[field]} onChange={(e) => edit(r, field, e.target.value)}
          aria-invalid={errors[id] ? true : undefined} aria-describedby={errors[id] ? `${id}-error` : undefined} />
        {errors[id] ? <p className="error" id={`${id}-error`}>{errors[id]}</p> : null}
      </td>
    );
  };

  return (
    <>
      <h1><FormattedMessage id="taxes.title" /></h1>
      <div className="field inline"><label htmlFor="tax-country"><FormattedMessage id="taxes.country" /></label>
        <StoreCountrySelect id="tax-country" value={country} onChange={(c) => { setCountry(c); setEdits({}); setErrors({}); outcome.clear(); }} /></div>
      <p><FormattedMessage id="taxes.intro" /></p>
      {canEdit ? null : <p className="note"><FormattedMessage id="taxes.readOnly" /></p>}
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? (
        <>
          {data.length ? (
            <table>
              <caption className="visually-hidden"><FormattedMessage id="taxes.caption" values={{ country: countryName(country) }} /></caption>
              <thead><tr><th scope="col"><FormattedMessage id="taxes.column.area" /></th><th scope="col"><FormattedMessage id="taxes.column.taxClass" /></th>
                <th scope="col"><FormattedMessage id="taxes.column.name" /></th><th scope="col"><FormattedMessage id="taxes.column.rate" /></th></tr></thead>
              <tbody>{data.map((r) => (
                <tr key={key(r)}><td className="nowrap">{r.area || t('taxes.wholeCountry')}</td><td>{CLASSES[r.taxClass] ? t(CLASSES[r.taxClass]!) : r.taxClass}</td>{input(r, 'name')}{input(r, 'percent')}</tr>
              ))}</tbody>
            </table>
          ) : <p><FormattedMessage id="taxes.none" values={{ country: countryName(country) }} /></p>}
          {canEdit ? <p className="actions"><button type="button" disabled={!changes.length} onClick={() => void save()}><FormattedMessage id="taxes.save" values={{ count: changes.length }} /></button></p> : null}
        </>
      ) : error ? null : <p role="status"><FormattedMessage id="common.loading" /></p>}
      <Outcome place="taxes" />
    </>
  );
}
