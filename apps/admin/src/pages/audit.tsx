import { FormattedMessage } from 'react-intl';
import { gql } from '../api.ts';
import { useText } from '../i18n/text.ts';
import { useData } from '../use-data.ts';

interface Entry { id: number; actorEmail: string; action: string; subject: string; before: string | null; after: string | null; createdAt: string }

/** Every change made through the console: who, when, what, before and after. */
export function AuditPage() {
  const { when } = useText();
  const { data, error } = useData(() => gql<{ auditLog: Entry[] }>('{ auditLog(first: 100) { id actorEmail action subject before after createdAt } }').then((d) => d.auditLog), []);
  return (
    <>
      <h1><FormattedMessage id="audit.title" /></h1>
      {error ? <p role="alert" className="error">{error}</p> : null}
      {data ? (
        <table>
          <thead><tr><th scope="col"><FormattedMessage id="audit.column.when" /></th><th scope="col"><FormattedMessage id="audit.column.who" /></th><th scope="col"><FormattedMessage id="audit.column.what" /></th>
            <th scope="col"><FormattedMessage id="audit.column.subject" /></th><th scope="col"><FormattedMessage id="audit.column.before" /></th><th scope="col"><FormattedMessage id="audit.column.after" /></th></tr></thead>
          <tbody>{data.map((e) => <tr key={e.id}><td>{when(e.createdAt)}</td><td>{e.actorEmail}</td><td>{e.action}</td><td>{e.subject}</td><td><code>{e.before ?? '—'}</code></td><td><code>{e.after ?? '—'}</code></td></tr>)}</tbody>
        </table>
      ) : null}
    </>
  );
}
