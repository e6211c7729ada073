import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useBaseData } from '../../../data/route-data.ts';
import { errorMessage, type BusinessErrorFields } from '../../../data/error-messages.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { startSignIn } from '../account-menu.tsx';
import { isSignedIn } from '../buyer.ts';
import { INVITATION_ACCEPT, INVITATION_DECLINE, INVITATION_PREVIEW } from '../operations.ts';
import '../account.css';

type Outcome = { kind: 'accepted'; organization: string; membershipId: string } | { kind: 'declined' } | null;

/**
 * An invitation's link /{cc}/{lang}/account/invitation/{token}/: who invites the reader to which
 * organization; accepting takes a seat (signing in, or signing up with the invited address, first);
 * declining needs no account. A used, withdrawn or expired link says so.
 */
export function Component() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const base = useBaseData();
  const client = useApolloClient();
  const { token = '' } = useParams();
  usePageTitle(`${t('invitation.title')} · ${t('app.brand')}`);
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  useEffect(() => setSignedIn(isSignedIn()), []);
  const preview = useQuery(INVITATION_PREVIEW, { variables: { token }, fetchPolicy: 'network-only' });
  const [accept, accepting] = useMutation(INVITATION_ACCEPT);
  const [decline, declining] = useMutation(INVITATION_DECLINE);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [errors, setErrors] = useState<Array<{ operation: string; error: BusinessErrorFields }>>([]);
  const invitation = preview.data?.organizationInvitation;

  const run = async (operation: 'OrganizationInvitationAccept' | 'OrganizationInvitationDecline') => {
    setErrors([]);
    try {
      if (operation === 'OrganizationInvitationAccept') {
        const result = (await accept({ variables: { token } })).data?.organizationInvitationAccept;
        if (result?.membership && !result.errors.length) {
          void client.refetchQueries({ include: ['UserQuery', 'UserRefreshQuery'] });
          setOutcome({ kind: 'accepted', organization: result.membership.organization.name, membershipId: result.membership.id });
        } else setErrors((result?.errors ?? []).map((error) => ({ operation, error })));
      } else {
        const result = (await decline({ variables: { token } })).data?.organizationInvitationDecline;
        if (result && !result.errors.length) setOutcome({ kind: 'declined' });
        else setErrors((result?.errors ?? []).map((error) => ({ operation, error })));
      }
    } catch {
      setErrors([{ operation, error: { field: null, code: 'NETWORK', message: '' } }]);
    }
  };

  let body;
  if (outcome?.kind === 'accepted') {
    body = (
      <div role="status">
        <p>{t('invitation.accepted', { organization: outcome.organization })}</p>
        <p><Link className="button" to={`${base.basePath}/account/organization/${encodeURIComponent(outcome.membershipId)}/`}>{t('invitation.open')}</Link></p>
      </div>
    );
  } else if (outcome?.kind === 'declined') {
    body = <p role="status">{t('invitation.declined')}</p>;
  } else if (preview.loading || signedIn === null) {
    body = <Spinner label={t('app.loading')} />;
  } else if (!invitation) {
    body = <p role="alert">{t(preview.error ? 'account.loadFailed' : 'invitation.notFound')}</p>;
  } else if (invitation.status !== 'PENDING') {
    body = <p role="alert">{t(invitation.status === 'EXPIRED' ? 'invitation.expired' : 'invitation.gone')}</p>;
  } else {
    const busy = accepting.loading || declining.loading;
    body = (
      <>
        <p className="account-lead">{t('invitation.lead', { inviter: invitation.inviter ?? invitation.organizationName, organization: invitation.organizationName })}</p>
        <p>{t('invitation.for')} <strong dir="ltr" className="account-ltr">{invitation.email}</strong></p>
        <p>{t('invitation.expires', { date: intl.formatDate(invitation.expiresAt, { dateStyle: 'long' }) })}</p>
        {errors.length ? <div className="form-errors" role="alert">{errors.map(({ operation, error }) => <p key={`${operation}-${error.code}`}>{errorMessage(intl, operation, error)}</p>)}</div> : null}
        <p className="account-actions">
          {signedIn ? (
            <button type="button" className="button" disabled={busy} onClick={() => void run('OrganizationInvitationAccept')}>{t('invitation.accept')}</button>
          ) : (
            <button type="button" className="button" onClick={() => startSignIn(base.language)}>{t('invitation.signIn')}</button>
          )}
          <button type="button" className="button button--ghost" disabled={busy} onClick={() => void run('OrganizationInvitationDecline')}>{t('invitation.decline')}</button>
        </p>
        {signedIn ? null : <p className="field__hint">{t('invitation.signInHint', { email: invitation.email })}</p>}
      </>
    );
  }
  return (
    <div className="container page account-page">
      <h1>{t('invitation.title')}</h1>
      <section className="account-card" data-testid="invitation">{body}</section>
    </div>
  );
}
