import { useEffect, useState, type FormEvent } from 'react';
import { gql } from '../api.ts';
import { FormMessage } from '../form-message.tsx';
import { describe, useData } from '../use-data.ts';

interface Maintenance { on: boolean; header: string | null; content: string | null; url: string | null; allowIps: string[] }
const LOAD = '{ maintenance { on header content url allowIps } }';
const SET = 'mutation Set($input: StaffMaintenanceInput!) { maintenanceSet(input: $input) { maintenance { on } errors { field message } } }';

/** Maintenance mode: the store shows its maintenance page to everyone but the addresses let through. */
export function MaintenancePage() {
  const { data, error } = useData(() => gql<{ maintenance: Maintenance }>(LOAD).then((d) => d.maintenance), []);
  const [form, setForm] = useState({ on: false, header: '', content: '', url: '', allowIps: '' });
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  useEffect(() => {
    if (data) setForm({ on: data.on, header: data.header ?? '', content: data.content ?? '', url: data.url ?? '', allowIps: data.allowIps.join('\n') });
  }, [data]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { maintenanceSet } = await gql<{ maintenanceSet: { maintenance: { on: boolean } | null; errors: Array<{ message: string }> } }>(SET, {
        input: { on: form.on, header: form.header || null, content: form.content || null, url: form.url || null, allowIps: form.allowIps.split(/[\s,]+/).filter(Boolean) },
      });
      setMessage(maintenanceSet.errors.length ? { error: true, text: maintenanceSet.errors.map((e) => e.message).join(' ') }
        : { error: false, text: maintenanceSet.maintenance!.on ? 'Maintenance mode is on: buyers see the maintenance page.' : 'Maintenance mode is off: the store is open.' });
    } catch (e) {
      setMessage({ error: true, text: describe(e) });
    }
  };
  if (error) return <><h1>Maintenance</h1><p role="alert" className="error">{error}</p></>;
  return (
    <>
      <h1>Maintenance</h1>
      <form className="card" onSubmit={submit}>
        <label className="check"><input type="checkbox" checked={form.on} onChange={(e) => setForm({ ...form, on: e.target.checked })} /> Maintenance mode on</label>
        <div className="field"><label htmlFor="m-header">Page header</label><input id="m-header" value={form.header} maxLength={200} onChange={(e) => setForm({ ...form, header: e.target.value })} /></div>
        <div className="field"><label htmlFor="m-content">Page text</label><textarea id="m-content" rows={3} value={form.content} maxLength={2000} onChange={(e) => setForm({ ...form, content: e.target.value })} /></div>
        <div className="field"><label htmlFor="m-url">Link</label><input id="m-url" type="url" value={form.url} onChange={(e) => setForm({ ...form, url: e.target.value })} /></div>
        <div className="field"><label htmlFor="m-ips">Addresses let through (one per line)</label><textarea id="m-ips" rows={3} value={form.allowIps} onChange={(e) => setForm({ ...form, allowIps: e.target.value })} /></div>
        <button type="submit">Save</button>
        <FormMessage message={message} />
      </form>
    </>
  );
}
