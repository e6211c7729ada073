import { useApolloClient } from '@apollo/client/react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { useBaseData } from '../../../data/route-data.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { OrganizationForm } from '../organization-form.tsx';
import { useSignedIn } from '../use-signed-in.ts';
import '../account.css';

/**
 * Create an organization /{cc}/{lang}/account/organization/new/: the signed-in user founds their practice,
 * clinic or hospital and is its admin; then they manage it (invite members to its seats).
 */
export function Component() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const base = useBaseData();
  const navigate = useNavigate();
  const client = useApolloClient();
  usePageTitle(`${t('organization.new.title')} · ${t('app.brand')}`);
  const signedIn = useSignedIn(base.language);
  return (
    <div className="container page account-page">
      <h1>{t('organization.new.title')}</h1>
      {signedIn !== 'yes' ? <Spinner label={signedIn === 'no' ? t('account.signingIn') : t('app.loading')} /> : (
        <section className="account-card">
          <p>{t('organization.new.lead')}</p>
          <OrganizationForm onCreated={(membership) => {
            // My account and the header read the memberships again.
            void client.refetchQueries({ include: ['UserQuery', 'UserRefreshQuery'] });
            navigate(`${base.basePath}/account/organization/${encodeURIComponent(membership.id)}/`);
          }} />
        </section>
      )}
      <p><Link to={`${base.basePath}/account/`}>{t('account.backToAccount')}</Link></p>
    </div>
  );
}
