import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { gql } from '../api.ts';
import { FormMessage } from '../form-message.tsx';
import type { Me } from '../layout.tsx';
import { describe, useData } from '../use-data.ts';

interface Rate { area: string; taxClass: string; name: string; percent: string }
interface Result { saved: boolean; rates: Rate[]; errors: Array<{ field: string; message: string }> }
const COUNTRIES = ['US', 'CA', 'GB', 'IE', 'DE', 'AT', 'CH', 'FR', 'BE', 'NL', 'IT', 'ES', 'PT', 'PL', 'SE', 'DK', 'NO', 'FI', 'AU', 'NZ'];
const LOAD = 'query Rates($country: String!) { taxRates(country: $country) { area taxClass name percent } }';
const SAVE = 'mutation SaveRates($country: String!, $changes: [StaffTaxRateChange!]!) { taxRatesUpdate(country: $country, changes: $changes) { saved rates { area taxClass name percent } errors { field message } } }';
const CLASSES: Record<string, string> = { STANDARD: 'Standard (devices, accessories, warranties)', DIGITAL: 'Digital (cloud subscriptions)' };
const key = (r: { area: string; taxClass: string }) => `${r.area}/${r.taxClass}`;

/** A country's tax rates, country-wide and per state or province: percent with two decimals and the name receipts print. */
export function TaxesPage() {
  const me = useOutletContext<Me>();
  const canEdit = me.permissions.includes('catalogue.write');
  const [country, setCountry] = useState('DE');
  const { data, error, reload } = useData(() => gql<{ taxRates: Rate[] }>(LOAD, { country }).then((d) => d.taxRates), [country]);
  const [edits, setEdits] = useState<Record<string, { percent?: string; name?: string }>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);

  const changes = (data ?? []).filter((r) => edits[key(r)]).map((r) => ({
    area: r.area, taxClass: r.taxClass, percent: edits[key(r)]!.percent ?? r.percent, name: edits[key(r)]!.name ?? r.name,
  })).filter((c) => { const r = data!.find((x) => key(x) === key(c))!; return c.percent !== r.percent || c.name !== r.name; });
  const edit = (r: Rate, field: 'percent' | 'name', value: string) => setEdits((all) => ({ ...all, [key(r)]: { ...all[key(r)], [field]: value } }));

  const save = async () => {
    setMessage(null);
    try {
      const result = (await gql<{ taxRatesUpdate: Result }>(SAVE, { country, changes })).taxRatesUpdate;
      setErrors(Object.fromEntries(result.errors.map((e) => [e.field, e.message])));
      if (result.errors.length) setMessage({ error: true, text: 'Nothing was saved: see the rates marked below.' });
      else if (result.saved) {
        setMessage({ error: false, text: `Saved ${changes.length} rate${changes.length === 1 ? '' : 's'} for ${country}. The store's prices follow within a second.` });
        setEdits({});
        reload();
      }
    } catch (e) {
      setMessage({ error: true, text: describe(e) });
    }
  };
  const input = (r: Rate, field: 'percent' | 'name', label: string) => {
    const id = `${key(r)}.${field}`;
    return (
      <td className={errors[id] ? 'invalid' : undefined}>
        <label className="visually-hidden" htmlFor={id}>{label} of {r.taxClass.toLowerCase()} rate{r.area ? ` in ${r.area}` : ''}</label>
        <input id={id} className={field === 'percent' ? 'price-input' : 'tax-name'} inputMode={field === 'percent' ? 'decimal' : undefined} readOnly={!canEdit}
          value={edits[key(r)]?.[field] ?? r[field]} onChange={(e) => edit(r, field, e.target.value)}
          aria-invalid={errors[id] ? true : undefined} aria-describedby={errors[id] ? `${id}-error` : undefined} />
        {errors[id] ? <p className="error" id={`${id}-error`}>{errors[id]}</p> : null}
      </td>
    );
  };

  return (
    <>
      <h1>Tax rates</h1>
      <div className="field inline"><label htmlFor="tax-country">Country</label>
        <select id="tax-country" value={country} onChange={(e) => { setCountry(e.target.value); setEdits({}); setErrors({}); setMessage(null); }}>
          {COUNTRIES.map((c) => <option key={c}>{c}</option>)}
        </select></div>
      <p>A rate is a percentage from 0 to 100 with at most two decimals. Where the rate depends on the state or province (US, Canada), each area has its own.</p>
      {canEdit ? null : <p className="note">Your role may read tax rates, not change them.</p>}
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? (
        <>
          {data.length ? (
            <table>
              <caption className="visually-hidden">Tax rates of {country}</caption>
              <thead><tr><th scope="col">Area</th><th scope="col">Tax class</th><th scope="col">Name on receipts</th><th scope="col">Rate (%)</th></tr></thead>
              <tbody>{data.map((r) => (
                <tr key={key(r)}><td className="nowrap">{r.area || 'Whole country'}</td><td>{CLASSES[r.taxClass] ?? r.taxClass}</td>{input(r, 'name', 'Name')}{input(r, 'percent', 'Rate in percent')}</tr>
              ))}</tbody>
            </table>
          ) : <p>{country} has no tax rates.</p>}
          {canEdit ? <p className="actions"><button type="button" disabled={!changes.length} onClick={() => void save()}>Save {changes.length} change{changes.length === 1 ? '' : 's'}</button></p> : null}
        </>
      ) : error ? null : <p role="status">Loading…</p>}
      <FormMessage message={message} />
    </>
  );
}
