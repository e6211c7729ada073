import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useOutletContext } from 'react-router';
import { gql } from '../api.ts';
import { TextField } from '../fields.tsx';
import { Outcome, useOutcome } from '../outcome.tsx';
import { useText, type MessageId } from '../i18n/text.ts';
import type { Me } from '../layout.tsx';
import { useData, useDescribe } from '../use-data.ts';

interface Member { id: string; email: string; name: string | null; role: string }
interface Invitation { id: string; email: string; role: string; createdAt: string; expiresAt: string }
type Errors = Array<{ field: string | null; code: string; message: string }>;

const ROLES = ['OWNER', 'CATALOGUE_MANAGER', 'ORDER_MANAGER', 'SUPPORT'] as const;
const LIST = '{ staffAccounts { id email name role } staffInvitations { id email role createdAt expiresAt } }';
const INVITE = 'mutation Invite($email: String!, $role: String!, $language: String) { staffInvite(email: $email, role: $role, language: $language) { invitation { id } errors { field code message } } }';
const ROLE = 'mutation Role($userId: String!, $role: String!) { staffRoleChange(userId: $userId, role: $role) { errors { field code message } } }';
const DEACTIVATE = 'mutation Deactivate($userId: String!) { staffDeactivate(userId: $userId) { errors { field code message } } }';
const REVOKE = 'mutation Revoke($id: String!) { staffInvitationRevoke(id: $id) { errors { field code message } } }';

/** The server's refusal codes in the console's words. */
const REFUSALS: Record<string, MessageId> = {
  LAST_OWNER: 'staff.error.lastOwner', ALREADY_STAFF: 'staff.error.alreadyStaff', NOT_FOUND: 'staff.error.notFound', INVALID: 'staff.error.invalidEmail',
};

/**
 * The store's staff (owners only): who has which role, invitations waiting for an answer, and an invitation
 * by e-mail to a role. Changing a role and deactivating ask first; every answer is said once, under the form
 * or the table it concerns.
 */
export function StaffPage() {
  const me = useOutletContext<Me>();
  const { t, when } = useText();
  const describe = useDescribe();
  const { data, error, reload } = useData(() => gql<{ staffAccounts: Member[]; staffInvitations: Invitation[] }>(LIST), []);
  const outcome = useOutcome('staff');
  const refusal = (errors: Errors) => t(REFUSALS[errors[0]!.code] ?? 'staff.error.other');

  const act = async (confirm: string, run: () => Promise<Errors>, done: string) => {
    outcome.clear();
    if (!window.confirm(confirm)) return;
    try {
      const errors = await run();
      if (errors.length) outcome.failed(refusal(errors));
      else {
        outcome.done(done);
        reload();
      }
    } catch (e) {
      outcome.failed(describe(e));
    }
  };
  const roleName = (role: string) => t('staff.roleName', { role });

  if (!me.permissions.includes('staff.manage')) return <><h1><FormattedMessage id="staff.title" /></h1><p><FormattedMessage id="staff.ownersOnly" /></p></>;
  return (
    <>
      <h1><FormattedMessage id="staff.title" /></h1>
      <p className="note"><FormattedMessage id="staff.intro" /></p>
      <InviteForm onInvited={reload} roleName={roleName} refusal={refusal} />
      {error ? <p role="alert" className="error">{error}</p> : null}
      <Outcome place="staff" />
      {data ? (
        <>
          <h2 id="staff-members"><FormattedMessage id="staff.members" /></h2>
          <div className="table-scroll">
            <table aria-labelledby="staff-members" data-testid="staff-members">
              <thead><tr><th scope="col"><FormattedMessage id="staff.column.person" /></th><th scope="col"><FormattedMessage id="staff.column.role" /></th><th scope="col"><FormattedMessage id="common.actions" /></th></tr></thead>
              <tbody>{data.staffAccounts.map((m) => (
                <MemberRow key={m.id} member={m} self={m.email === me.email} roleName={roleName}
                  onRole={(role) => act(t('staff.role.confirm', { email: m.email, role: roleName(role) }), () => gql<{ staffRoleChange: { errors: Errors } }>(ROLE, { userId: m.id, role }).then((d) => d.staffRoleChange.errors), t('staff.role.done', { email: m.email, role: roleName(role) }))}
                  onDeactivate={() => act(t('staff.deactivate.confirm', { email: m.email }), () => gql<{ staffDeactivate: { errors: Errors } }>(DEACTIVATE, { userId: m.id }).then((d) => d.staffDeactivate.errors), t('staff.deactivate.done', { email: m.email }))} />
              ))}</tbody>
            </table>
          </div>
          <h2 id="staff-invitations"><FormattedMessage id="staff.invitations" /></h2>
          {data.staffInvitations.length ? (
            <div className="table-scroll">
              <table aria-labelledby="staff-invitations" data-testid="staff-invitations">
                <thead><tr><th scope="col"><FormattedMessage id="staff.column.email" /></th><th scope="col"><FormattedMessage id="staff.column.role" /></th><th scope="col"><FormattedMessage id="staff.column.expires" /></th><th scope="col"><FormattedMessage id="common.actions" /></th></tr></thead>
                <tbody>{data.staffInvitations.map((i) => (
                  <tr key={i.id}>
                    <td>{i.email}</td><td>{roleName(i.role)}</td><td>{when(i.expiresAt)}</td>
                    <td><button type="button" className="secondary" onClick={() => void act(t('staff.revoke.confirm', { email: i.email }), () => gql<{ staffInvitationRevoke: { errors: Errors } }>(REVOKE, { id: i.id }).then((d) => d.staffInvitationRevoke.errors), t('staff.revoke.done', { email: i.email }))}>
                      <FormattedMessage id="staff.revoke.button" /><span className="visually-hidden"> {i.email}</span>
                    </button></td>
                  </tr>
                ))}</tbody>
              </table>
            </div>
          ) : <p><FormattedMessage id="staff.noInvitations" /></p>}
        </>
      ) : error ? null : <p role="status"><FormattedMessage id="common.loading" /></p>}
    </>
  );
}

function MemberRow({ member, self, roleName, onRole, onDeactivate }: {
  member: Member; self: boolean; roleName: (role: string) => string; onRole: (role: string) => void; onDeactivate: () => void;
}) {
  const { t } = useText();
  const [role, setRole] = useState(member.role);
  const id = `role-${member.id}`;
  return (
    <tr>
      <td>{member.name ? <>{member.name}<br /></> : null}<span className="hint">{member.email}</span>{self ? <> <span className="hint">{t('staff.you')}</span></> : null}</td>
      <td>
        <label className="visually-hidden" htmlFor={id}>{t('staff.role.label', { email: member.email })}</label>
        <select id={id} value={role} onChange={(e) => setRole(e.target.value)}>{ROLES.map((r) => <option key={r} value={r}>{roleName(r)}</option>)}</select>{' '}
        <button type="button" className="secondary" disabled={role === member.role} onClick={() => onRole(role)}><FormattedMessage id="staff.role.button" /><span className="visually-hidden"> {member.email}</span></button>
      </td>
      <td><button type="button" className="secondary" onClick={onDeactivate}><FormattedMessage id="staff.deactivate.button" /><span className="visually-hidden"> {member.email}</span></button></td>
    </tr>
  );
}

function InviteForm({ onInvited, roleName, refusal }: { onInvited: () => void; roleName: (role: string) => string; refusal: (errors: Errors) => string }) {
  const { t } = useText();
  const describe = useDescribe();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>('SUPPORT');
  const [emailError, setEmailError] = useState<string | undefined>();
  const outcome = useOutcome('staff.invite');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    outcome.clear();
    setEmailError(undefined);
    try {
      const { staffInvite } = await gql<{ staffInvite: { errors: Errors } }>(INVITE, { email: email.trim(), role, language: document.documentElement.lang || 'en' });
      if (staffInvite.errors.length) {
        // The refusal under the address when it concerns it, and one alert either way.
        if (staffInvite.errors[0]!.field === 'email') {
          setEmailError(refusal(staffInvite.errors));
          outcome.failed(t('staff.invite.notSent'));
        } else outcome.failed(refusal(staffInvite.errors));
        return;
      }
      outcome.done(t('staff.invite.done', { email: email.trim(), role: roleName(role) }));
      setEmail('');
      onInvited();
    } catch (e) {
      outcome.failed(describe(e));
    }
  };
  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="staff-invite">
      <h2 id="staff-invite"><FormattedMessage id="staff.invite.title" /></h2>
      <div className="grid">
        <TextField id="invite-email" label={t('staff.invite.email')} type="email" autoComplete="off" value={email} onChange={setEmail} error={emailError} />
        <div className="field">
          <label htmlFor="invite-role"><FormattedMessage id="staff.column.role" /></label>
          <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value)}>{ROLES.map((r) => <option key={r} value={r}>{roleName(r)}</option>)}</select>
        </div>
      </div>
      <p className="hint"><FormattedMessage id="staff.invite.hint" /></p>
      <button type="submit" disabled={!email.trim()}><FormattedMessage id="staff.invite.button" /></button>
      <Outcome place="staff.invite" />
    </form>
  );
}
