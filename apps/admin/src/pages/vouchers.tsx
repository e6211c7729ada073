import { useState, type FormEvent } from 'react';
import { gql, when } from '../api.ts';
import { FormMessage } from '../form-message.tsx';
import { describe, useData } from '../use-data.ts';

interface Voucher { code: string; name: string; discountKind: string; percent: number | null; fixed: string | null; countries: string[]; expiresAt: string | null; usageLimit: number | null; usedCount: number; isActive: boolean }
const LIST = '{ vouchers { code name discountKind percent fixed countries expiresAt usageLimit usedCount isActive } }';
const CREATE = 'mutation Create($input: StaffVoucherInput!) { voucherCreate(input: $input) { voucher { code } errors { field code message } } }';
const ACTIVE = 'mutation Active($code: String!, $active: Boolean!) { voucherActiveSet(code: $code, active: $active) { code isActive } }';
const EMPTY = { code: '', name: '', percent: '', countries: '', expiresAt: '', usageLimit: '' };
type Field = keyof typeof EMPTY;

/** Voucher codes with how often each was used; a new code buyers can use at once; a code switched off. */
export function VouchersPage() {
  const { data, error, reload } = useData(() => gql<{ vouchers: Voucher[] }>(LIST).then((d) => d.vouchers), []);
  const [form, setForm] = useState(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
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
        setMessage({ error: false, text: `${voucherCreate.voucher.code} is live: buyers can enter it now.` });
        setForm(EMPTY);
        reload();
      } else setMessage({ error: true, text: 'The voucher was not saved: see the fields marked below.' });
    } catch (e) {
      setMessage({ error: true, text: describe(e) });
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
      await gql(ACTIVE, { code: v.code, active: !v.isActive });
      reload();
    } catch (e) {
      setMessage({ error: true, text: describe(e) });
    }
  };

  return (
    <>
      <h1>Vouchers</h1>
      <form className="card" onSubmit={submit} aria-labelledby="voucher-new" noValidate>
        <h2 id="voucher-new">New voucher</h2>
        <div className="grid">
          {input('code', 'Code', { required: true, autoComplete: 'off' })}
          {input('name', 'Name buyers see', { required: true })}
          {input('percent', 'Percent off', { inputMode: 'decimal' })}
          {input('countries', 'Countries (empty: all)', { placeholder: 'DE, AT' })}
          {input('expiresAt', 'Expires after', { type: 'date' })}
          {input('usageLimit', 'Uses at most', { inputMode: 'numeric' })}
        </div>
        <button type="submit">Create voucher</button>
        <FormMessage message={message} />
      </form>
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? (
        <table>
          <thead><tr><th scope="col">Code</th><th scope="col">Name</th><th scope="col">Discount</th><th scope="col">Countries</th><th scope="col">Expires</th><th scope="col" className="num">Used</th><th scope="col">State</th></tr></thead>
          <tbody>
            {data.map((v) => (
              <tr key={v.code}>
                <td>{v.code}</td><td>{v.name}</td><td>{v.percent != null ? `${v.percent} %` : v.fixed ?? '—'}</td><td>{v.countries.join(', ') || 'all'}</td>
                <td>{when(v.expiresAt)}</td><td className="num">{v.usedCount}{v.usageLimit ? ` / ${v.usageLimit}` : ''}</td>
                <td>{v.isActive ? 'On' : 'Off'} · <button type="button" className="link" onClick={() => void toggle(v)}>{v.isActive ? 'switch off' : 'switch on'}<span className="visually-hidden"> {v.code}</span></button></td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
