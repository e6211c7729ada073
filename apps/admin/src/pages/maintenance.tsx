import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useOutletContext } from 'react-router';
import { gql } from '../api.ts';
import { fieldErrors, TextField, type FieldErrors } from '../fields.tsx';
import { Outcome, useOutcome } from '../outcome.tsx';
import { useText } from '../i18n/text.ts';
import type { Me } from '../layout.tsx';
import { useData, useDescribe } from '../use-data.ts';

interface Maintenance { on: boolean; header: string | null; content: string | null; url: string | null; allowIps: string[] }
const LOAD = '{ maintenance { on header content url allowIps } }';
const SET = 'mutation Set($input: StaffMaintenanceInput!) { maintenanceSet(input: $input) { maintenance { on } errors { field message } } }';

/** Maintenance mode: the store shows its maintenance page (header, text, link) to everyone but the addresses let through. */
export function MaintenancePage() {
  const me = useOutletContext<Me>();
  const { t } = useText();
  const describe = useDescribe();
  const canEdit = me.permissions.includes('settings.write');
  const { data, error } = useData(() => gql<{ maintenance: Maintenance }>(LOAD).then((d) => d.maintenance), []);
  const [form, setForm] = useState<{ on: boolean; header: string; content: string; url: string; allowIps: string } | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const outcome = useOutcome('maintenance');
  // Filled once from the server; what the operator types afterwards is kept, also when the server refuses it.
  useEffect(() => {
    if (data && !form) setForm({ on: data.on, header: data.header ?? '', content: data.content ?? '', url: data.url ?? '', allowIps: data.allowIps.join('\n') });
  }, [data, form]);
  if (error) return <><h1><FormattedMessage id="maintenance.title" /></h1><p role="alert" className="error">{error}</p></>;
  if (!form) return <><h1><FormattedMessage id="maintenance.title" /></h1><p role="status"><FormattedMessage id="common.loading" /></p></>;
  const set = (key: 'header' | 'content' | 'url' | 'allowIps') => (value: string) => setForm({ ...form, [key]: value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    outcome.clear();
    try {
      const { maintenanceSet } = await gql<{ maintenanceSet: { maintenance: { on: boolean } | null; errors: Array<{ field: string | null; message: string }> } }>(SET, {
        input: { on: form.on, header: form.header || null, content: form.content || null, url: form.url || null, allowIps: form.allowIps.split(/[\s,]+/).filter(Boolean) },
      });
      const refused = fieldErrors(maintenanceSet.errors);
      setErrors(refused);
      if (maintenanceSet.maintenance) outcome.done(t(maintenanceSet.maintenance.on ? 'maintenance.savedOn' : 'maintenance.savedOff'));
      else outcome.failed(refused.form ? t('common.nothingSavedBecause', { reason: refused.form }) : t('common.nothingSaved'));
    } catch (e) {
      outcome.failed(describe(e));
    }
  };
  return (
    <>
      <h1><FormattedMessage id="maintenance.title" /></h1>
      {canEdit ? null : <p className="card"><FormattedMessage id="maintenance.readOnly" /></p>}
      <form className="card" onSubmit={submit} aria-labelledby="maintenance-form" noValidate>
        <h2 id="maintenance-form"><FormattedMessage id="maintenance.page" /></h2>
        <fieldset disabled={!canEdit} className="plain">
          <legend className="visually-hidden"><FormattedMessage id="maintenance.legend" /></legend>
          <label className="check"><input type="checkbox" checked={form.on} onChange={(e) => setForm({ ...form, on: e.target.checked })} /> {t('maintenance.on')}</label>
          <TextField id="m-header" label={t('maintenance.header')} value={form.header} onChange={set('header')} error={errors.header} maxLength={200} />
          <div className={`field${errors.content ? ' invalid' : ''}`}>
            <label htmlFor="m-content"><FormattedMessage id="maintenance.content" /></label>
            <textarea id="m-content" rows={3} value={form.content} maxLength={2000} onChange={(e) => set('content')(e.target.value)}
              aria-invalid={errors.content ? true : undefined} aria-describedby={errors.content ? 'm-content-error' : undefined} />
            {errors.content ? <p className="error" id="m-content-error">{errors.content}</p> : null}
          </div>
          <TextField id="m-url" label={t('maintenance.url')} type="url" placeholder="https://status.probe.store/" value={form.url} onChange={set('url')} error={errors.url} />
          <div className={`field${errors.allowIps ? ' invalid' : ''}`}>
            <label htmlFor="m-ips"><FormattedMessage id="maintenance.allowIps" /></label>
            <span className="hint" id="m-ips-hint"><FormattedMessage id="maintenance.allowIpsHint" /></span>
            <textarea id="m-ips" rows={3} value={form.allowIps} onChange={(e) => set('allowIps')(e.target.value)}
              aria-invalid={errors.allowIps ? true : undefined} aria-describedby={errors.allowIps ? 'm-ips-hint m-ips-error' : 'm-ips-hint'} />
            {errors.allowIps ? <p className="error" id="m-ips-error">{errors.allowIps}</p> : null}
          </div>
          <button type="submit"><FormattedMessage id="maintenance.save" /></button>
        </fieldset>
        <Outcome place="maintenance" />
      </form>
    </>
  );
}
