import { FormattedMessage } from 'react-intl';
import { gql } from '../api.ts';
import { useAuditWords } from '../audit-words.ts';
import { useText } from '../i18n/text.ts';
import { useData } from '../use-data.ts';

interface Entry { id: number; actorEmail: string; action: string; subject: string; before: string | null; after: string | null; createdAt: string }

/** Every change made through the console: who, when, what, on what, and what changed (before → after), in words. */
export function AuditPage() {
  const { when, t } = useText();
  const words = useAuditWords();
  const { data, error } = useData(() => gql<{ auditLog: Entry[] }>('{ auditLog(first: 100) { id actorEmail action subject before after createdAt } }').then((d) => d.auditLog), []);
  return (
    <>
      <h1><FormattedMessage id="audit.title" /></h1>
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? (
        <table className="audit-table">
          <thead><tr><th scope="col"><FormattedMessage id="audit.column.when" /></th><th scope="col"><FormattedMessage id="audit.column.who" /></th><th scope="col"><FormattedMessage id="audit.column.what" /></th>
            <th scope="col"><FormattedMessage id="audit.column.subject" /></th><th scope="col"><FormattedMessage id="audit.column.change" /></th></tr></thead>
          <tbody>{data.map((e) => {
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
      ) : null}
    </>
  );
}
