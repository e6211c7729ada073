import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router';
import { gql } from '../api.ts';
import { useAuditWords } from '../audit-words.ts';
import { useText } from '../i18n/text.ts';
import { useData } from '../use-data.ts';

interface Entry { id: number; actorEmail: string; action: string; subject: string; before: string | null; after: string | null; createdAt: string }
interface Page { entries: Entry[]; next: string | null }
interface Choices { actors: string[]; kinds: string[] }
const FILTERS = ['actorEmail', 'kind', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];
const QUERY = `query AuditLog($filter: StaffAuditFilter, $after: String) {
  auditLogPage(filter: $filter, first: 25, after: $after) { entries { id actorEmail action subject before after createdAt } next }
}`;
const CHOICES = '{ auditLogChoices { actors kinds } }';

/**
 * Every change made through the console: who, when, what, on what, and what changed (before → after), in words;
 * narrowed on the server by who, the kind of thing changed and UTC days, 25 at a time. The filters live in the address.
 */
export function AuditPage() {
  const { when, t } = useText();
  const words = useAuditWords();
  const [params, setParams] = useSearchParams();
  const filter = Object.fromEntries(FILTERS.flatMap((f) => (params.get(f) ? [[f, params.get(f)]] : [])));
  const after = params.get('after');
  const { data, error } = useData(() => gql<{ auditLogPage: Page }>(QUERY, { filter, after }).then((d) => d.auditLogPage), [params.toString()]);
  const choices = useData(() => gql<{ auditLogChoices: Choices }>(CHOICES).then((d) => d.auditLogChoices), []);
  const [form, setForm] = useState<Record<Filter, string>>(() => Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])) as Record<Filter, string>);
  const field = (name: Filter) => ({ id: `audit-${name}`, value: form[name], onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }) });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(Object.fromEntries(Object.entries(form).filter(([, v]) => v.trim()).map(([k, v]) => [k, v.trim()])));
  };
  const page = (cursor: string | null) => {
    const p = new URLSearchParams(params);
    if (cursor) p.set('after', cursor);
    else p.delete('after');
    setParams(p);
  };
  // A chosen value the log no longer offers (an address typed by hand) stays selectable.
  const actors = [...new Set([...(choices.data?.actors ?? []), ...(form.actorEmail ? [form.actorEmail] : [])])];
  const kinds = [...new Set([...(choices.data?.kinds ?? []), ...(form.kind ? [form.kind] : [])])].map((k) => ({ code: k, word: words.kind(k) })).sort((a, b) => a.word.localeCompare(b.word));
  return (
    <>
      <h1><FormattedMessage id="audit.title" /></h1>
      <form className="filters" onSubmit={apply} aria-label={t('audit.filters.label')}>
        <div className="field"><label htmlFor="audit-actorEmail"><FormattedMessage id="audit.filters.who" /></label>
          <select {...field('actorEmail')}><option value="">{t('audit.filters.anyone')}</option>{actors.map((a) => <option key={a} value={a}>{a}</option>)}</select></div>
        <div className="field"><label htmlFor="audit-kind"><FormattedMessage id="audit.filters.kind" /></label>
          <select {...field('kind')}><option value="">{t('audit.filters.anything')}</option>{kinds.map((k) => <option key={k.code} value={k.code}>{k.word}</option>)}</select></div>
        <div className="field"><label htmlFor="audit-from"><FormattedMessage id="audit.filters.from" /></label><input {...field('from')} type="date" /></div>
        <div className="field"><label htmlFor="audit-to"><FormattedMessage id="audit.filters.to" /></label><input {...field('to')} type="date" /></div>
        <button type="submit"><FormattedMessage id="audit.filters.submit" /></button>
      </form>
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? (
        <>
          {data.entries.length ? (
            <table className="audit-table">
              <caption className="visually-hidden"><FormattedMessage id="audit.caption" /></caption>
              <thead><tr><th scope="col"><FormattedMessage id="audit.column.when" /></th><th scope="col"><FormattedMessage id="audit.column.who" /></th><th scope="col"><FormattedMessage id="audit.column.what" /></th>
                <th scope="col"><FormattedMessage id="audit.column.subject" /></th><th scope="col"><FormattedMessage id="audit.column.change" /></th></tr></thead>
              <tbody>{data.entries.map((e) => {
                const changes = words.changes(e.before, e.after);
                return (
                  <tr key={e.id} data-action={e.action}>
                    <td>{when(e.createdAt)}</td><td className="audit-who">{e.actorEmail}</td><td>{words.action(e.action)}</td><td>{words.subject(e.subject)}</td>
                    <td>{changes.length ? (
                      <ul className="audit-changes">{changes.map((c) => (
                        <li key={c.field}>{t('audit.change', { field: c.field, before: c.before ?? '—', after: c.after ?? '—' })}</li>
                      ))}</ul>
                    ) : '—'}</td>
                  </tr>
                );
              })}</tbody>
            </table>
          ) : <p data-testid="audit-empty"><FormattedMessage id="audit.empty" /></p>}
          <p className="pager">
            {after ? <button type="button" onClick={() => page(null)}><FormattedMessage id="common.firstPage" /></button> : null}
            {data.next ? <button type="button" onClick={() => page(data.next)}><FormattedMessage id="common.nextPage" /></button> : null}
          </p>
        </>
      ) : error ? null : <p role="status"><FormattedMessage id="common.loading" /></p>}
    </>
  );
}
