import { useMutation } from '@apollo/client/react';
import { formatMinor, PLAN_NAMES, type PlanKind } from '@probe/domain';
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { BusinessErrorFields } from '../../data/error-messages.ts';
import { FieldError, FormErrors } from '../../ui/form-errors.tsx';
import { SCHEDULE_ADD, SCHEDULE_REMOVE, SUBSCRIPTION_MANAGEMENT, type ManagedSubscription } from './operations.ts';
import { canSchedule, scheduleChoices } from './rules.ts';
import type { SubscriptionStatus } from '../../graphql/generated.ts';

const REFRESH = { refetchQueries: [SUBSCRIPTION_MANAGEMENT], awaitRefetchQueries: true };
const NETWORK: BusinessErrorFields = { field: null, code: 'NETWORK', message: '' };

/**
 * The plan change waiting for the next renewal: what and from when, at what price, and (admins) a
 * button that removes it and a form that schedules another (SubscriptionScheduleAdd). Nothing is
 * charged now; the server refuses moves it does not allow, and its reason shows under the choice.
 */
export function ScheduleChange({ organizationId, subscription, status, isAdmin }: {
  organizationId: string; subscription: ManagedSubscription; status: SubscriptionStatus | null; isAdmin: boolean;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const id = useId();
  const [plan, setPlan] = useState<PlanKind | ''>('');
  const [errors, setErrors] = useState<{ operation: string; list: BusinessErrorFields[] }>({ operation: '', list: [] });
  const [message, setMessage] = useState('');
  const [add, adding] = useMutation(SCHEDULE_ADD, REFRESH);
  const [remove, removing] = useMutation(SCHEDULE_REMOVE, REFRESH);
  const busy = adding.loading || removing.loading;
  const renewsOn = subscription.currentPeriodEnd ? intl.formatDate(subscription.currentPeriodEnd, { dateStyle: 'long' }) : null;
  const scheduled = subscription.scheduledPlan;
  const price = subscription.scheduledPrice;

  const run = async (operation: string, send: () => Promise<{ errors: BusinessErrorFields[] } | undefined>, done: string) => {
    setErrors({ operation, list: [] });
    setMessage('');
    try {
      const answer = await send();
      if (answer?.errors.length) return setErrors({ operation, list: answer.errors });
      setMessage(done);
      return true;
    } catch {
      setErrors({ operation, list: [NETWORK] });
    }
  };
  const schedule = async (event: FormEvent) => {
    event.preventDefault();
    if (!plan) return setErrors({ operation: 'SubscriptionScheduleAdd', list: [{ field: 'plan', code: 'REQUIRED', message: '' }] });
    const done = await run('SubscriptionScheduleAdd', async () => (await add({ variables: { organizationId, plan } })).data?.subscriptionScheduleAdd, t('subscription.scheduled.added', { plan: PLAN_NAMES[plan] }));
    if (done) setPlan('');
  };
  const unschedule = () => run('SubscriptionScheduleRemove', async () => (await remove({ variables: { organizationId } })).data?.subscriptionScheduleRemove, t('subscription.scheduled.removed'));

  // The server names no field for a refused move: it belongs to the plan choice.
  const planErrors = errors.operation === 'SubscriptionScheduleAdd' ? errors.list.filter((e) => e.code !== 'NETWORK') : [];
  const otherErrors = errors.list.filter((e) => !planErrors.includes(e));
  return (
    <section className="subscription-section" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('subscription.scheduled.heading')}</h3>
      {scheduled ? (
        <p data-testid="scheduled-change">
          {t('subscription.scheduled.value', {
            date: renewsOn ?? '—', plan: PLAN_NAMES[scheduled],
            price: price ? t(`subscription.pricePer.${subscription.term}`, { price: formatMinor(price.fractionalAmount, price.currency, intl.locale) }) : '—',
          })}
        </p>
      ) : <p data-testid="scheduled-change-none">{t('subscription.scheduled.none')}</p>}
      {isAdmin && scheduled ? (
        <p><button type="button" className="button button--ghost" onClick={unschedule} disabled={busy} data-testid="remove-scheduled">{t('subscription.scheduled.remove')}</button></p>
      ) : null}
      {isAdmin && canSchedule(status, subscription.term) ? (
        <form className="schedule-form" onSubmit={schedule} noValidate data-testid="schedule-form">
          <div className={`field${planErrors.length ? ' field--invalid' : ''}`}>
            <label htmlFor={`${id}-plan`}>{t('subscription.schedule.label')}</label>
            <select id={`${id}-plan`} name="plan" value={plan} onChange={(e) => setPlan(e.target.value as PlanKind)} disabled={busy}
              aria-invalid={planErrors.length ? true : undefined} aria-describedby={`${id}-hint${planErrors.length ? ` ${id}-error` : ''}`}>
              <option value="">{t('subscription.schedule.choose')}</option>
              {scheduleChoices(subscription.planType).map((p) => <option key={p} value={p}>{PLAN_NAMES[p]}</option>)}
            </select>
            {renewsOn ? <p className="field__hint" id={`${id}-hint`}>{t('subscription.schedule.hint', { date: renewsOn })}</p> : null}
            <FieldError id={`${id}-error`} errors={planErrors} operation="SubscriptionScheduleAdd" />
          </div>
          <div><button type="submit" className="button" disabled={busy}>{t('subscription.schedule.submit')}</button></div>
        </form>
      ) : null}
      <FormErrors errors={otherErrors} operation={errors.operation} />
      <p className="visually-hidden" role="status">{message}</p>
    </section>
  );
}
