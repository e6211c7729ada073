import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useOutletContext } from 'react-router';
import type { Me } from '../layout.tsx';
import { gql } from '../api.ts';
import { Outcome, useOutcome } from '../outcome.tsx';
import { StoreCountrySelect } from '../store-countries.tsx';
import { useText } from '../i18n/text.ts';
import { useData, useDescribe } from '../use-data.ts';

interface Price { sku: string; productName: string; variantName: string; currency: string; amount: number; amountUndiscounted: number }
interface Changed { sku: string; name: string; currency: string; amountBefore: number; amountAfter: number; listBefore: number; listAfter: number }
interface Result { saved: boolean; changed: Changed[]; errors: Array<{ sku: string | null; message: string }> }
const LOAD = 'query Prices($country: String!) { countryPrices(country: $country) { country pricesEntered prices { sku productName variantName currency amount amountUndiscounted } } }';
const CHANGED = '{ saved changed { sku name currency amountBefore amountAfter listBefore listAfter } errors { sku message } }';
const PREVIEW = `query Preview($country: String!, $changes: [StaffPriceChange!]!) { priceChangesPreview(country: $country, changes: $changes) ${CHANGED} }`;
const SAVE = `mutation Save($country: String!, $changes: [StaffPriceChange!]!) { countryPricesUpdate(country: $country, changes: $changes) ${CHANGED} }`;

/** A bulk price edit for one country: type new prices and list prices, see every change before and after, then save them together. */
export function PricesPage() {
  const { t, money, decimal, countryName } = useText();
  const canWrite = useOutletContext<Me>().permissions.includes('catalogue.write');
  const describe = useDescribe();
  const [country, setCountry] = useState('DE');
  const { data, error, reload } = useData(() => gql<{ countryPrices: { pricesEntered: string; prices: Price[] } | null }>(LOAD, { country }).then((d) => d.countryPrices), [country]);
  // Typed new prices and list prices, per SKU, as the operator typed them (kept when the server refuses them).
  const [edits, setEdits] = useState<Record<string, { amount?: string; list?: string }>>({});
  const [preview, setPreview] = useState<Result | null>(null);
  const outcome = useOutcome('prices');

  const minor = (v: string) => Math.round(Number(v.trim().replace(',', '.')) * 100);
  const changes = () => Object.entries(edits).map(([sku, e]) => {
    const current = data!.prices.find((p) => p.sku === sku)!;
    return { sku, amount: e.amount ? minor(e.amount) : current.amount, ...(e.list ? { amountUndiscounted: minor(e.list) } : {}) };
  });
  const type = (sku: string, field: 'amount' | 'list', value: string) => {
    setEdits((all) => {
      const next = { ...all, [sku]: { ...all[sku], [field]: value.trim() ? value : undefined } };
      if (!next[sku]!.amount && !next[sku]!.list) delete next[sku];
      return next;
    });
    setPreview(null);
  };
  const run = async (query: string, key: 'priceChangesPreview' | 'countryPricesUpdate') => {
    outcome.clear();
    const bad = Object.entries(edits).find(([, e]) => [e.amount, e.list].some((v) => v !== undefined && !/^\d+([.,]\d{1,2})?$/.test(v.trim())));
    if (bad) {
      outcome.failed(t('prices.invalid', { sku: bad[0] }));
      return;
    }
    try {
      const result = (await gql<Record<string, Result>>(query, { country, changes: changes() }))[key]!;
      setPreview(result);
      if (result.errors.length) outcome.failed(result.errors.map((e) => `${e.sku ?? ''} ${e.message}`.trim()).join(' '));
      else if (result.saved) {
        outcome.done(t('prices.saved', { count: result.changed.length, country: countryName(country) }));
        setEdits({});
        setPreview(null);
        reload();
      }
    } catch (e) {
      outcome.failed(describe(e));
    }
  };

  return (
    <>
      <h1><FormattedMessage id="prices.title" /></h1>
      <div className="field inline"><label htmlFor="price-country"><FormattedMessage id="prices.country" /></label>
        <StoreCountrySelect id="price-country" value={country} onChange={(c) => { setCountry(c); setEdits({}); setPreview(null); outcome.clear(); }} /></div>
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? (
        <>
          <p><FormattedMessage id={data.pricesEntered === 'gross' ? 'prices.enteredGross' : 'prices.enteredNet'} values={{ country: countryName(country) }} /></p>
          {canWrite ? null : <p className="note" data-testid="read-only"><FormattedMessage id="prices.readOnly" /></p>}
          <table>
            <thead><tr><th scope="col"><FormattedMessage id="prices.column.sku" /></th><th scope="col"><FormattedMessage id="prices.column.item" /></th>
              <th scope="col" className="num"><FormattedMessage id="prices.column.listPrice" /></th><th scope="col" className="num"><FormattedMessage id="prices.column.price" /></th>
              {canWrite ? <><th scope="col"><FormattedMessage id="prices.column.newPrice" /></th><th scope="col"><FormattedMessage id="prices.column.newListPrice" /></th></> : null}</tr></thead>
            <tbody>
              {data.prices.map((p) => (
                <tr key={p.sku}>
                  <td>{p.sku}</td><td>{p.productName} · {p.variantName}</td><td className="num">{money(p.amountUndiscounted, p.currency)}</td><td className="num">{money(p.amount, p.currency)}</td>
                  {canWrite ? <><td><label className="visually-hidden" htmlFor={`price-${p.sku}`}><FormattedMessage id="prices.newPriceOf" values={{ sku: p.sku, currency: p.currency.toUpperCase() }} /></label>
                    <input id={`price-${p.sku}`} className="price-input" inputMode="decimal" placeholder={decimal(p.amount)} value={edits[p.sku]?.amount ?? ''}
                      onChange={(e) => type(p.sku, 'amount', e.target.value)} /></td>
                  <td><label className="visually-hidden" htmlFor={`list-${p.sku}`}><FormattedMessage id="prices.newListPriceOf" values={{ sku: p.sku, currency: p.currency.toUpperCase() }} /></label>
                    <input id={`list-${p.sku}`} className="price-input" inputMode="decimal" placeholder={decimal(p.amountUndiscounted)} value={edits[p.sku]?.list ?? ''}
                      onChange={(e) => type(p.sku, 'list', e.target.value)} /></td></> : null}
                </tr>
              ))}
            </tbody>
          </table>
          {canWrite ? <p className="actions">
            <button type="button" disabled={!Object.keys(edits).length} onClick={() => void run(PREVIEW, 'priceChangesPreview')}><FormattedMessage id="prices.preview" /></button>
            <button type="button" disabled={!preview || preview.errors.length > 0 || !preview.changed.length} onClick={() => void run(SAVE, 'countryPricesUpdate')}><FormattedMessage id="prices.save" values={{ count: preview?.changed.length ?? 0 }} /></button>
          </p> : null}
          {preview && preview.changed.length ? (
            <table data-testid="price-preview">
              <caption><FormattedMessage id="prices.previewCaption" values={{ country: countryName(country) }} /></caption>
              <thead><tr><th scope="col"><FormattedMessage id="prices.column.sku" /></th><th scope="col"><FormattedMessage id="prices.column.item" /></th>
                <th scope="col" className="num"><FormattedMessage id="prices.column.priceNow" /></th><th scope="col" className="num"><FormattedMessage id="prices.column.priceAfter" /></th>
                <th scope="col" className="num"><FormattedMessage id="prices.column.listPriceNow" /></th><th scope="col" className="num"><FormattedMessage id="prices.column.listPriceAfter" /></th></tr></thead>
              <tbody>{preview.changed.map((c) => <tr key={c.sku}><td>{c.sku}</td><td>{c.name}</td><td className="num">{money(c.amountBefore, c.currency)}</td><td className="num">{money(c.amountAfter, c.currency)}</td><td className="num">{money(c.listBefore, c.currency)}</td><td className="num">{money(c.listAfter, c.currency)}</td></tr>)}</tbody>
            </table>
          ) : null}
        </>
      ) : error ? null : <p role="status"><FormattedMessage id="common.loading" /></p>}
      <Outcome place="prices" />
    </>
  );
}
