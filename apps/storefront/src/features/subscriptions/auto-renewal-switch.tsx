import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { BusinessErrorFields } from '../../data/error-messages.ts';
import { FormErrors } from '../../ui/form-errors.tsx';
import { AUTO_RENEWAL_SET, SUBSCRIPTION_MANAGEMENT } from './operations.ts';

/**
 * An admin's automatic-renewal switch (SubscriptionAutoRenewalSet): a button with the switch role,
 * labelled by the fact it sits beside. It shows the server's state, read back after each change.
 */
export function AutoRenewalSwitch({ organizationId, on, labelledBy }: { organizationId: string; on: boolean; labelledBy: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [errors, setErrors] = useState<BusinessErrorFields[]>([]);
  const [status, setStatus] = useState('');
  const [set, { loading }] = useMutation(AUTO_RENEWAL_SET, { refetchQueries: [SUBSCRIPTION_MANAGEMENT], awaitRefetchQueries: true });
  const toggle = async () => {
    setErrors([]);
    setStatus('');
    try {
      const { data } = await set({ variables: { organizationId, on: !on } });
      const answer = data!.subscriptionAutoRenewalSet;
      if (answer.errors.length) setErrors(answer.errors);
      else setStatus(t(on ? 'subscription.autoRenewal.turnedOff' : 'subscription.autoRenewal.turnedOn'));
    } catch {
      setErrors([{ field: null, code: 'NETWORK', message: '' }]);
    }
  };
  return (
    <div className="auto-renewal">
      <button type="button" role="switch" aria-checked={on} aria-labelledby={labelledBy} className="switch" onClick={toggle} disabled={loading} data-testid="auto-renewal-switch">
        <span className="switch__track" aria-hidden="true"><span className="switch__thumb" /></span>
        <span className="switch__text" aria-hidden="true">{t(on ? 'subscription.on' : 'subscription.off')}</span>
      </button>
      <span className="visually-hidden" role="status">{status}</span>
      <FormErrors errors={errors} operation="SubscriptionAutoRenewalSet" />
    </div>
  );
}
