import { useQuery } from '@apollo/client/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useBaseData } from '../../data/route-data.ts';
import { reportError } from '../../monitoring/current.ts';
import { validAuthToken } from '../../session/auth-token.ts';
import { USER_QUERY } from './operations.ts';
import { offerRefusal, offersProbe, type Offered } from './probe-rights.ts';
import './probe-gate.css';

/**
 * The buy control of a probe, or, for a signed-in user who may not buy it (spec §6: their model rights,
 * their organization's rule), a short explanation instead. Anonymous visitors, and the server's first
 * render, always see the control: the token lives in the browser.
 */
export function ProbeGate({ offered, children }: { offered: readonly Offered[]; children: ReactNode }) {
  const intl = useIntl();
  const base = useBaseData();
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => setSignedIn(validAuthToken((error) => void reportError(error, { source: 'auth-token' })) !== null), []);
  const { data } = useQuery(USER_QUERY, { skip: !signedIn || !offersProbe(offered) });
  const me = data?.me;
  const refused = me ? offerRefusal(me, offered) : null;
  if (!refused) return children;
  const { organization } = refused;
  return (
    <div className="probe-gate" role="note" data-testid="probe-refusal">
      <p className="probe-gate__text">
        {refused.refusal === 'ORGANIZATION_ADMINS_ONLY' && organization
          ? intl.formatMessage({ id: 'probe.refused.organization' }, { organization: organization.name })
          : intl.formatMessage({ id: 'probe.refused.model' })}
      </p>
      {refused.refusal === 'ORGANIZATION_ADMINS_ONLY' && organization ? (
        <Link to={`${base.basePath}/account/organization/${encodeURIComponent(organization.membershipId)}/`}>{intl.formatMessage({ id: 'probe.refused.admins' })}</Link>
      ) : null}
    </div>
  );
}
