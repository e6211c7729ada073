import { useIntl } from 'react-intl';
import { Link } from 'react-router';

/** The statements a checkout type asks the buyer to confirm before paying (terms, licence, …), each a checkbox. */
export function Attestations({ required, given, onChange, basePath, invalid = false }: {
  required: readonly string[]; given: string[]; onChange: (given: string[]) => void; basePath: string; invalid?: boolean;
}) {
  const intl = useIntl();
  return (
    <fieldset className="attestations" aria-invalid={invalid || undefined}>
      <legend>{intl.formatMessage({ id: 'payment.attestations' })}</legend>
      {required.map((a) => (
        <label key={a} className="checkbox">
          <input type="checkbox" checked={given.includes(a)} onChange={(e) => onChange(e.target.checked ? [...given, a] : given.filter((x) => x !== a))} />
          {/* One text beside the box (a flex label would lay its words and link out as separate columns). */}
          <span>{a === 'TERMS_AND_CONDITIONS'
            ? intl.formatMessage({ id: 'payment.attest.TERMS_AND_CONDITIONS' }, { terms: (chunks) => <Link to={`${basePath}/terms/`} target="_blank">{chunks}</Link> })
            : intl.formatMessage({ id: `payment.attest.${a}` })}</span>
        </label>
      ))}
    </fieldset>
  );
}
