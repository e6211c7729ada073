import { useIntl } from 'react-intl';
import { Link } from 'react-router';

/** A section the user does not have (a link kept from before, a membership since left). */
export function NotInAccount({ basePath }: { basePath: string }) {
  const intl = useIntl();
  return (
    <p data-testid="not-in-account">
      {intl.formatMessage({ id: 'account.notInAccount' })} <Link to={`${basePath}/account/`}>{intl.formatMessage({ id: 'account.backToAccount' })}</Link>
    </p>
  );
}
