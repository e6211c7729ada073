import { useMutation } from '@apollo/client/react';
import { useCallback, useRef, useState } from 'react';
import type { BusinessErrorFields } from '../../data/error-messages.ts';
import type { SubscriptionChangeInput, UpgradeChangedFragment } from '../../graphql/generated.ts';
import { CHANGE_SUBSCRIPTION, SUBSCRIPTION_RENEWAL } from './operations.ts';

export type ChargeRequest =
  | { kind: 'change'; input: SubscriptionChangeInput; expectedAmount: number }
  | { kind: 'renewal'; expectedAmount: number };

export type Changed = UpgradeChangedFragment;

/** No answer came back (the connection failed): the same submission may be sent again under the same key. */
export const NO_ANSWER: BusinessErrorFields = { field: null, code: 'NO_ANSWER', message: 'no answer' };

/**
 * The idempotency key of one submission: the same request sent again after a lost answer (a retry)
 * carries the same key, so the server charges once; once the server has answered, the next submission
 * gets a fresh key.
 */
export function submissionKeys(newKey: () => string = () => crypto.randomUUID()) {
  let held: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(request: unknown): string {
      const fingerprint = JSON.stringify(request);
      if (!held || held.fingerprint !== fingerprint) held = { fingerprint, key: newKey() };
      return held.key;
    },
    answered(): void {
      held = null;
    },
  };
}

/**
 * ChangeSubscription and SubscriptionRenewal for the upgrade pages: sends the quote the buyer saw as
 * expectedAmount, keeps the server's errors for the form (PRICES_ARE_CHANGED asks for a new quote), and
 * hands the changed subscription on once it is done. `sending` disables the button: no double submit.
 */
export function useCharge(organizationId: string, on: { pricesChanged: () => void; done: (changed: Changed) => void }) {
  const [change, changing] = useMutation(CHANGE_SUBSCRIPTION, { refetchQueries: ['UpgradeAccount'] });
  const [renew, renewing] = useMutation(SUBSCRIPTION_RENEWAL, { refetchQueries: ['UpgradeAccount'] });
  const keys = useRef(submissionKeys());
  const [errors, setErrors] = useState<BusinessErrorFields[]>([]);
  const [operation, setOperation] = useState('ChangeSubscription');

  async function submit(request: ChargeRequest): Promise<void> {
    setErrors([]);
    setOperation(request.kind === 'change' ? 'ChangeSubscription' : 'SubscriptionRenewal');
    const idempotencyKey = keys.current.keyFor(request);
    let payload: Changed | null | undefined;
    try {
      payload = request.kind === 'change'
        ? (await change({ variables: { organizationId, input: request.input, idempotencyKey, expectedAmount: request.expectedAmount } })).data?.subscriptionChange
        : (await renew({ variables: { organizationId, idempotencyKey, expectedAmount: request.expectedAmount } })).data?.subscriptionRenewal;
    } catch {
      payload = null;
    }
    if (!payload) {
      setErrors([NO_ANSWER]);
      return;
    }
    keys.current.answered();
    if (payload.errors.length) {
      setErrors(payload.errors);
      if (payload.errors.some((e) => e.code === 'PRICES_ARE_CHANGED')) on.pricesChanged();
      return;
    }
    on.done(payload);
  }

  /** Forgets the last answer's errors (the buyer changed the choice). */
  const clear = useCallback(() => setErrors((current) => (current.length ? [] : current)), []);

  return { submit, clear, sending: changing.loading || renewing.loading, errors, operation };
}
