import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useOutletContext } from 'react-router';
import type { Me } from '../layout.tsx';
import { gql } from '../api.ts';
import { Outcome, useOutcome } from '../outcome.tsx';
import { useText } from '../i18n/text.ts';
import { useData, useDescribe } from '../use-data.ts';

interface Voucher { code: string; name: string; discountKind: string; percent: number | null; fixed: string | null; countries: string[]; expiresAt: string | null; usageLimit: number | null; usedCount: number; isActive: boolean }
const LIST = '{ vouchers { code name discountKind percent fixed countries expiresAt usageLimit usedCount isActive } }';
const CREATE = 'mutation Create($input: StaffVoucherInput!) { voucherCreate(input: $input) { voucher { code } errors { field code message } } }';
const ACTIVE = 'mutation Active($code: String!, $active: Boolean!) { voucherActiveSet(code: $code, active: $active) { code isActive } }';
const EMPTY = { code: '', name: '', percent: '', countries: '', expiresAt: '', usageLimit: '' };
type Field = keyof typeof EMPTY;

/** Voucher codes with how often each was used; a new code buyers can use at once; a code switched off. */
export function VouchersPage() {
  const { t, when, number, money } = useText();
  /** Fixed amounts as the server keeps them (JSON, minor units per currency) in the console's money format; anything else as it is. */
  const fixedAmounts = (fixed: string | null) => {
    if (!fixed) return '—';
    try {
      return Object.entries(JSON.parse(fixed) as Record<string, number>).map(([currency, amount]) => money(amount, currency)).join(', ') || '—';
    } catch {
      return fixed;
    }
  };
  const canWrite = useOutletContext<Me>().permissions.includes('promotions.write');
  const describe = useDescribe();
  const { data, error, reload } = useData(() => gql<{ vouchers: Voucher[] }>(LIST).then((d) => d.vouchers), []);
  const [form, setForm] = useState(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const outcome = useOutcome('vouchers');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    outcome.clear();
    const input = {
      code: form.code.trim(), name: form.name.trim(), percent: form.percent.trim() ? Number(form.percent.replace(',', '.')) : null,
      countries: form.countries.split(/[\s,]+/).map((c) => c.trim().toUpperCase()).filter(Boolean),
      expiresAt: form.expiresAt ? new Date(`${form.expiresAt}T23:59:59Z`).toISOString() : null,
      usageLimit: form.usageLimit.trim() ? Number(form.usageLimit) : null,
    };
    try {
      const { voucherCreate } = await gql<{ voucherCreate: { voucher: { code: string } | null; errors: Array<{ field: string | null; message: string }> } }>(CREATE, { input });
      setFieldErrors(Object.fromEntries(voucherCreate.errors.map((e) => [e.field === 'discount' ? 'percent' : e.field ?? 'code', e.message])));
      if (voucherCreate.voucher) {
        outcome.done(t('vouchers.created', { code: voucherCreate.voucher.code }));
        setForm(EMPTY);
        reload();
      } else outcome.failed(t('vouchers.notSaved'));
    } catch (e) {
      outcome.failed(describe(e));
    }
  };
  const input = (name: Field, label: string, props: Record<string, unknown> = {}) => (
    <div className={`field${fieldErrors[name] ? ' invalid' : ''}`}>
      <label htmlFor={`v-${name}`}>{label}</label>
      <input id={`v-${name}`} value={form[name]} onChange={(e) => setForm({ ...form, [name]: e.target.value })}
        aria-invalid={fieldErrors[name] ? true : undefined} aria-describedby={fieldErrors[name] ? `v-${name}-error` : undefined} {...props} />
      {fieldErrors[name] ? <p className="error" id={`v-${name}-error`}>{fieldErrors[name]}</p> : null}
    </div>
  );
  const toggle = async (v: Voucher) => {
    try {
      outcome.clear();
      await gql(ACTIVE, { code: v.code, active: !v.isActive });
      outcome.done(t(v.isActive ? 'vouchers.switchedOff' : 'vouchers.switchedOn', { code: v.code }));
      reload();
    } catch (e) {
      outcome.failed(describe(e));
    }
  };

  return (
    <>
      <h1><FormattedMessage id="vouchers.title" /></h1>
      {canWrite ? null : <p className="note" data-testid="read-only"><FormattedMessage id="vouchers.readOnly" /></p>}
      {canWrite ? <form className="card" onSubmit={submit} aria-labelledby="voucher-new" noValidate>
        <h2 id="voucher-new"><FormattedMessage id="vouchers.new" /></h2>
        <div className="grid">
          {input('code', t('vouchers.field.code'), { required: true, autoComplete: 'off' })}
          {input('name', t('vouchers.field.name'), { required: true })}
          {input('percent', t('vouchers.field.percent'), { inputMode: 'decimal' })}
          {input('countries', t('vouchers.field.countries'), { placeholder: 'DE, AT' })}
          {input('expiresAt', t('vouchers.field.expiresAt'), { type: 'date' })}
          {input('usageLimit', t('vouchers.field.usageLimit'), { inputMode: 'numeric' })}
        </div>
        <button type="submit"><FormattedMessage id="vouchers.create" /></button>
        <Outcome place="vouchers" />
      </form> : null}
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? (
        <table>
          <thead><tr><th scope="col"><FormattedMessage id="vouchers.column.code" /></th><th scope="col"><FormattedMessage id="vouchers.column.name" /></th>
            <th scope="col"><FormattedMessage id="vouchers.column.discount" /></th><th scope="col"><FormattedMessage id="vouchers.column.countries" /></th>
            <th scope="col"><FormattedMessage id="vouchers.column.expires" /></th><th scope="col" className="num"><FormattedMessage id="vouchers.column.used" /></th>
            <th scope="col"><FormattedMessage id="vouchers.column.state" /></th></tr></thead>
          <tbody>
            {data.map((v) => (
              <tr key={v.code}>
                <td>{v.code}</td><td>{v.name}</td><td>{v.percent != null ? t('common.percent', { percent: v.percent }) : fixedAmounts(v.fixed)}</td><td>{v.countries.join(', ') || t('common.allCountries')}</td>
                <td>{when(v.expiresAt)}</td><td className="num">{number(v.usedCount)}{v.usageLimit ? ` / ${number(v.usageLimit)}` : ''}</td>
                <td>{t(v.isActive ? 'common.on' : 'common.off')}{canWrite ? <> · <button type="button" className="link" onClick={() => void toggle(v)}>{t(v.isActive ? 'vouchers.switchOff' : 'vouchers.switchOn')}<span className="visually-hidden"> {v.code}</span></button></> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
