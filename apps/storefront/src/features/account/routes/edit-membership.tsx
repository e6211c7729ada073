import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { useBaseData } from '../../../data/route-data.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { MEMBERSHIP_INFO, MEMBERSHIP_UPDATE, ORGANIZATION_ADMINS, ORGANIZATION_MEMBERS, type OrganizationMemberFields } from '../operations.ts';
import { errorMessage } from '../../../data/error-messages.ts';
import { MEMBERSHIP_DELETE } from '../operations.ts';
import { TeamInvitations } from '../team-invitations.tsx';
import { useSignedIn } from '../use-signed-in.ts';
import '../account.css';

/**
 * Edit membership /{cc}/{lang}/account/organization/{membershipId}/: an organization admin sees the
 * members with their role and personal-probe permission and changes them, removes them, invites new
 * ones to free seats and follows the invitations; anyone else is told, read only, who the admins are,
 * and may leave. The members are never asked for by a non-admin (the server would answer
 * PermissionDenied, which signs out).
 */
export function Component() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const base = useBaseData();
  const { membershipId = '' } = useParams();
  usePageTitle(`${t('account.editMembership')} · ${t('app.brand')}`);
  const signedIn = useSignedIn(base.language);
  const info = useQuery(MEMBERSHIP_INFO, { variables: { id: membershipId }, skip: signedIn !== 'yes' });
  const membership = info.data?.organizationMembership;
  const isAdmin = membership?.isOrganizationAdmin === true;
  const members = useQuery(ORGANIZATION_MEMBERS, { variables: { organizationMembershipId: membershipId }, skip: !isAdmin, fetchPolicy: 'cache-and-network' });
  const team = members.data?.organizationMembership?.organization;
  // Seats free: the plan's less the members (the list is all of them; no second count is asked for).
  const availableSeats = team ? Math.max(0, team.maxSeats - team.members.length) : 0;
  const admins = useQuery(ORGANIZATION_ADMINS, { variables: { organizationId: membership?.organization.id ?? '' }, skip: !membership || isAdmin });

  const back = <p><Link to={`${base.basePath}/account/`}>{t('account.backToAccount')}</Link></p>;
  if (!membership) {
    const failed = info.error || (info.data && !membership);
    return (
      <div className="container page account-page">
        <h1>{t('account.editMembership')}</h1>
        {failed ? <p role="alert">{t('account.loadFailed')}</p> : <Spinner label={signedIn === 'no' ? t('account.signingIn') : t('app.loading')} />}
        {back}
      </div>
    );
  }
  return (
    <div className="container page account-page">
      <h1>{t('account.editMembership')}</h1>
      <p className="account-lead">{membership.organization.name}</p>
      {isAdmin ? (
        <section aria-labelledby="members-heading">
          <h2 id="members-heading">{t('account.members')}</h2>
          {team ? (
            <>
              <p data-testid="seats">{t('account.seats')}: {t('account.seatsValue', { available: availableSeats, max: team.maxSeats })}</p>
              <ul className="account-members" data-testid="members">
                {team.members.map((m) => (
                  <li key={m.membershipId} className="account-card">
                    <MemberRow member={m} self={m.membershipId === membershipId} lastAdmin={m.isOrganizationAdmin && team.members.filter((x) => x.isOrganizationAdmin).length === 1} onRemoved={() => void members.refetch()} />
                  </li>
                ))}
              </ul>
            </>
          ) : members.error ? <p role="alert">{t('account.loadFailed')}</p> : <Spinner label={t('app.loading')} />}
        </section>
      ) : (
        <section className="account-card" aria-labelledby="read-only-heading" data-testid="membership-read-only">
          <h2 id="read-only-heading">{t('account.readOnlyTitle')}</h2>
          <p>{t('account.readOnly')}</p>
          {admins.data?.organizationAdmins.length ? (
            <ul>{admins.data.organizationAdmins.map((a) => <li key={a.email}>{a.name ? `${a.name} · ` : ''}<a href={`mailto:${a.email}`} dir="ltr">{a.email}</a></li>)}</ul>
          ) : null}
          <LeaveButton membershipId={membershipId} organization={membership.organization.name} />
        </section>
      )}
      {isAdmin && team ? <TeamInvitations organizationId={team.id} availableSeats={availableSeats} invitations={team.invitations} onChanged={() => void members.refetch()} /> : null}
      {back}
    </div>
  );
}

/** A member leaves the organization (the seat is free again); they go back to my account. */
function LeaveButton({ membershipId, organization }: { membershipId: string; organization: string }) {
  const intl = useIntl();
  const base = useBaseData();
  const navigate = useNavigate();
  const client = useApolloClient();
  const [remove, { loading }] = useMutation(MEMBERSHIP_DELETE);
  const [error, setError] = useState('');
  const leave = async () => {
    if (!window.confirm(intl.formatMessage({ id: 'organization.leave.confirm' }, { name: organization }))) return;
    try {
      const failed = (await remove({ variables: { id: membershipId } })).data?.organizationMembershipDelete.errors[0];
      if (failed) { setError(errorMessage(intl, 'OrganizationMembershipDelete', failed)); return; }
      await client.refetchQueries({ include: ['UserQuery', 'UserRefreshQuery'] });
      navigate(`${base.basePath}/account/`);
    } catch {
      setError(errorMessage(intl, 'OrganizationMembershipDelete', { field: null, code: 'NETWORK' }));
    }
  };
  return (
    <div>
      <button type="button" className="button button--ghost" disabled={loading} onClick={() => void leave()}>{intl.formatMessage({ id: 'organization.leave' })}</button>
      <p className="account-status form-errors" role="status">{error}</p>
    </div>
  );
}

/** A member's rights, saved together, and their removal (their leaving, for the reader's own row); the last admin's row has no removal. */
function MemberRow({ member, self, lastAdmin, onRemoved }: { member: OrganizationMemberFields; self: boolean; lastAdmin: boolean; onRemoved: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [saved, setSaved] = useState({ isOrganizationAdmin: member.isOrganizationAdmin, canPurchasePersonalProbe: member.canPurchasePersonalProbe });
  const [values, setValues] = useState(saved);
  const [status, setStatus] = useState<{ kind: 'saved' | 'error'; text: string } | null>(null);
  const [update, { loading }] = useMutation(MEMBERSHIP_UPDATE);
  const changed = values.isOrganizationAdmin !== saved.isOrganizationAdmin || values.canPurchasePersonalProbe !== saved.canPurchasePersonalProbe;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    try {
      const { data } = await update({ variables: { id: member.membershipId, input: values } });
      const errors = data?.organizationMembershipUpdate.errors ?? [];
      if (errors.length) {
        const code = errors[0]!.code;
        setStatus({ kind: 'error', text: t(code === 'NO_PERMISSIONS' || code === 'OPERATION_NOT_ALLOWED' ? `account.error.${code}` : 'account.error.INVALID') });
      } else {
        setSaved(values);
        setStatus({ kind: 'saved', text: t('account.saved') });
      }
    } catch {
      setStatus({ kind: 'error', text: t('account.error.INVALID') });
    }
  };
  const [remove, removing] = useMutation(MEMBERSHIP_DELETE);
  const client = useApolloClient();
  const base = useBaseData();
  const navigate = useNavigate();
  const who = member.name || member.email;
  const idBase = `member-${member.membershipId}`;
  const removeMember = async () => {
    if (!window.confirm(t(self ? 'organization.leave.confirm' : 'organization.member.confirmRemove', { name: who }))) return;
    setStatus(null);
    try {
      const failed = (await remove({ variables: { id: member.membershipId } })).data?.organizationMembershipDelete.errors[0];
      if (failed) setStatus({ kind: 'error', text: errorMessage(intl, 'OrganizationMembershipDelete', failed) });
      else if (self) {
        // Their own seat given up: the organization is no longer theirs to read.
        await client.refetchQueries({ include: ['UserQuery', 'UserRefreshQuery'] });
        navigate(`${base.basePath}/account/`);
      } else onRemoved();
    } catch {
      setStatus({ kind: 'error', text: errorMessage(intl, 'OrganizationMembershipDelete', { field: null, code: 'NETWORK' }) });
    }
  };
  return (
    <form className="account-member" onSubmit={save} aria-labelledby={`${idBase}-who`} data-testid="member-row">
      <p className="account-member__who" id={`${idBase}-who`}>{who}{member.name ? <small dir="ltr" className="account-ltr">{member.email}</small> : null}</p>
      <fieldset>
        <legend>{t('account.permissionsOf', { name: who })}</legend>
        <label className="checkbox">
          <input type="checkbox" name="isOrganizationAdmin" checked={values.isOrganizationAdmin} onChange={(e) => setValues({ ...values, isOrganizationAdmin: e.target.checked })} />
          {' '}{t('account.role.admin')}
        </label>
        <label className="checkbox">
          <input type="checkbox" name="canPurchasePersonalProbe" checked={values.canPurchasePersonalProbe} onChange={(e) => setValues({ ...values, canPurchasePersonalProbe: e.target.checked })} />
          {' '}{t('account.personalProbe')}
        </label>
      </fieldset>
      <div>
        <p className="account-actions">
          <button type="submit" className="button" disabled={loading || !changed} aria-describedby={`${idBase}-status`}>{t('account.save')}</button>
          {lastAdmin ? null : (
            <button type="button" className="button button--ghost" disabled={removing.loading} onClick={() => void removeMember()}>
              {t(self ? 'organization.leave' : 'organization.member.remove')}{self ? null : <span className="visually-hidden">: {who}</span>}
            </button>
          )}
        </p>
        <p id={`${idBase}-status`} className={status?.kind === 'error' ? 'account-status form-errors' : 'account-status'} role="status">{status?.text ?? ''}</p>
      </div>
    </form>
  );
}
