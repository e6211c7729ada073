import { useApolloClient } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useBaseData } from '../../../data/route-data.ts';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { usePageView } from '../../../analytics/use-page-view.ts';
import { idempotencyKey, NO_CACHE, storeCheckoutToken } from '../cart-session.ts';
import { FormErrors } from '../../../ui/form-errors.tsx';
import { PLACE_ORDER, type BusinessErrorFields } from '../operations.ts';
import { usePageTitle } from '../../../lib/head.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import './checkout.css';

/**
 * /checkout/payment/{checkoutToken}/: where a buyer comes back from paying away from our page. An
 * authorised payment places the order (with the checkout's one idempotency key, so a reload places it
 * once); a cancelled or failed one keeps the checkout and offers another method.
 */
export function Component() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const base = useBaseData();
  const { checkoutToken = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const client = useApolloClient();
  const [errors, setErrors] = useState<BusinessErrorFields[]>([]);
  const started = useRef(false);
  const failed = search.get('redirect_status') === 'failed';
  usePageTitle(`${t('paymentReturn.title')} · ${t('app.brand')}`);
  usePageView(PAGE_VIEWS.externalPaymentReturn);

  useEffect(() => {
    if (failed || started.current) return;
    started.current = true;
    storeCheckoutToken(checkoutToken);
    void (async () => {
      try {
        const { data } = await client.mutate({
          mutation: PLACE_ORDER,
          variables: { token: checkoutToken, idempotencyKey: idempotencyKey(`place:${checkoutToken}`), expectedTotal: null, card: null },
          ...NO_CACHE,
        });
        const result = data!.checkoutPlaceOrder;
        if (result.order) {
          storeCheckoutToken(null);
          navigate(`${base.basePath}/confirmation/${result.order.token}/`, { replace: true });
        } else setErrors(result.errors);
      } catch {
        setErrors([{ field: null, code: 'NETWORK', message: '' }]);
      }
    })();
  }, [failed, checkoutToken, client, navigate, base.basePath]);

  return (
    <div className="container page payment-return">
      <h1>{t('paymentReturn.title')}</h1>
      {failed || errors.length ? (
        <>
          {failed ? <p role="alert">{t('paymentReturn.notCompleted')}</p> : <FormErrors errors={errors} operation="CheckoutPlaceOrder" />}
          <Link className="button" to={`${base.basePath}/checkout/payment/`} onClick={() => storeCheckoutToken(checkoutToken)}>{t('paymentReturn.tryAgain')}</Link>
        </>
      ) : (
        <Spinner label={t('paymentReturn.confirming')} />
      )}
    </div>
  );
}
