import { useApolloClient } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useBaseData, type BaseData } from '../../../data/route-data.ts';
import { PAGE_VIEWS } from '../../../analytics/data-layer.ts';
import { usePageView } from '../../../analytics/use-page-view.ts';
import { NO_CACHE } from '../cart-session.ts';
import { FormErrors } from '../../../ui/form-errors.tsx';
import { Money } from '../../../ui/money.tsx';
import { CHECKOUT_LINE_DELETE, CHECKOUT_LINE_UPDATE, UPDATE_VOUCHER, type BusinessErrorFields, type CheckoutFields, type CheckoutPayload } from '../operations.ts';
import { shownAmount, Totals } from '../summary.tsx';
import { TradeInForm } from '../trade-in-form.tsx';
import { CartSeats } from '../cart-seats.tsx';
import { ExpressCheckout } from '../express/express-checkout.tsx';
import { useCheckout } from '../use-checkout.ts';
import { LeftBehindNotice } from '../left-behind-notice.tsx';
import { usePageTitle } from '../../../lib/head.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import './checkout.css';

/** The cart /cart/: lines, quantities, remove, voucher, totals with struck prices and free items. */
export function Component() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const base = useBaseData();
  const { state, update } = useCheckout(base.country);
  usePageTitle(`${t('cart.title')} · ${t('app.brand')}`);
  usePageView(PAGE_VIEWS.cart);
  return (
    <div className="container page cart-page">
      <h1>{t('cart.title')}</h1>
      {state.kind === 'loading' ? <Spinner label={t('cart.loading')} /> : null}
      {state.kind === 'failed' ? <p role="alert">{t('cart.loadFailed')}</p> : null}
      {state.kind === 'ready' ? <LeftBehindNotice at={state.checkout.country.code} /> : null}
      {state.kind === 'empty' || (state.kind === 'ready' && state.checkout.lines.length === 0) ? (
        <div className="cart-empty">
          <p>{t('cart.empty')}</p>
          <Link className="button" to={`${base.basePath}/`}>{t('cart.continueShopping')}</Link>
        </div>
      ) : null}
      {state.kind === 'ready' && state.checkout.lines.length > 0 ? <CartContent checkout={state.checkout} onChange={update} base={base} /> : null}
    </div>
  );
}

function CartContent({ checkout, onChange, base }: { checkout: CheckoutFields; onChange: (c: CheckoutFields | null) => void; base: BaseData }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const client = useApolloClient();
  const [errors, setErrors] = useState<{ operation: string; list: BusinessErrorFields[] }>({ operation: '', list: [] });
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');

  const run = async (operation: string, call: () => Promise<CheckoutPayload | undefined>) => {
    setBusy(true);
    try {
      const payload = await call();
      onChange(payload?.checkout ?? null);
      setErrors({ operation, list: payload?.errors ?? [] });
      return payload?.errors.length === 0;
    } catch {
      setErrors({ operation, list: [{ field: null, code: 'NETWORK', message: '' }] });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const setQuantity = (lineId: string, quantity: number) =>
    run('CheckoutLineUpdate', async () => (await client.mutate({ mutation: CHECKOUT_LINE_UPDATE, variables: { token: checkout.token, lineId, quantity, expectedVersion: checkout.version }, ...NO_CACHE })).data?.checkoutLineUpdate);
  const remove = (lineId: string) =>
    run('CheckoutLineDelete', async () => (await client.mutate({ mutation: CHECKOUT_LINE_DELETE, variables: { token: checkout.token, lineId, expectedVersion: checkout.version }, ...NO_CACHE })).data?.checkoutLineDelete);
  const voucher = (voucherCode: string | null) =>
    run('UpdateVoucher', async () => (await client.mutate({ mutation: UPDATE_VOUCHER, variables: { token: checkout.token, voucherCode }, ...NO_CACHE })).data?.checkoutVoucherUpdate);
  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() && (await voucher(code.trim()))) setCode('');
  };
  const gross = checkout.displayGrossPrices;

  return (
    <div className="checkout-layout">
      <section aria-label={t('cart.items')}>
        <FormErrors errors={errors.list.filter((e) => e.field !== 'seats')} operation={errors.operation} />
        <ul className="cart-lines">
          {checkout.lines.map((line) => {
            const name = line.variant?.product.name ?? t('cart.unavailable');
            return (
              <li key={line.id} className="cart-line">
                {line.variant?.product.thumbnail ? <img src={line.variant.product.thumbnail.url} alt="" width="80" height="80" loading="lazy" /> : <span className="cart-line__placeholder" />}
                <div className="cart-line__info">
                  <h2 className="cart-line__name">{name}</h2>
                  {line.variant ? <p className="cart-line__variant">{line.variant.name}</p> : <p className="field__error">{t('errors.productsChanged')}</p>}
                  {line.unitPricing && !line.isFreeItemLine ? (
                    <p className="cart-line__unit">
                      {line.unitPricing.onSale ? <s className="price__previous"><span className="visually-hidden">{t('price.previous')} </span><Money amount={shownAmount(line.unitPricing.priceUndiscounted, gross)} currency={checkout.currency} /></s> : null}{' '}
                      <Money amount={shownAmount(line.unitPricing.price, gross)} currency={checkout.currency} />
                    </p>
                  ) : null}
                </div>
                {line.isFreeItemLine ? (
                  <p className="cart-line__free">{t('cart.free')}</p>
                ) : line.seatLimits ? (
                  // A Team or Clinic plan: its quantity is its seats, typed within the Shop's limits.
                  <CartSeats quantity={line.quantity} limits={line.seatLimits} busy={busy} onSet={(seats) => void setQuantity(line.id, seats)}
                    errors={errors.operation === 'CheckoutLineUpdate' && errors.list.some((e) => e.field === 'seats') ? errors.list : checkout.problems}
                    operation={errors.operation === 'CheckoutLineUpdate' ? 'CheckoutLineUpdate' : 'CheckoutByToken'} />
                ) : (
                  <div className="cart-line__quantity">
                    <button type="button" className="quantity-button" onClick={() => setQuantity(line.id, line.quantity - 1)} disabled={busy || line.quantity <= 1} aria-label={t('cart.decrease', { name })}>−</button>
                    <span aria-live="polite" aria-label={t('cart.quantityOf', { name, quantity: line.quantity })}>{line.quantity}</span>
                    <button type="button" className="quantity-button" onClick={() => setQuantity(line.id, line.quantity + 1)} disabled={busy} aria-label={t('cart.increase', { name })}>+</button>
                  </div>
                )}
                <p className="cart-line__total">
                  {line.totalPriceDiscounted ? <Money amount={shownAmount(line.totalPriceDiscounted, gross)} currency={checkout.currency} /> : null}
                </p>
                {line.isFreeItemLine ? <span /> : (
                  <button type="button" className="link-button" onClick={() => remove(line.id)} disabled={busy}>{t('cart.remove')}<span className="visually-hidden"> {name}</span></button>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      <aside className="checkout-aside" aria-label={t('cart.summary')}>
        <form className="voucher-form" onSubmit={apply}>
          <label htmlFor="voucher-code">{t('cart.voucherLabel')}</label>
          {checkout.voucherCode ? (
            <p className="voucher-form__applied">
              <strong>{checkout.voucherCode}</strong> {checkout.discountName ? `· ${checkout.discountName}` : ''}{' '}
              <button type="button" className="link-button" onClick={() => voucher(null)} disabled={busy}>{t('cart.voucherRemove')}</button>
            </p>
          ) : null}
          <div className="voucher-form__row">
            <input id="voucher-code" name="voucherCode" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" maxLength={64} />
            <button type="submit" className="button button--ghost" disabled={busy || !code.trim()}>{t('cart.voucherApply')}</button>
          </div>
        </form>
        {checkout.referrer ? (
          <p className="cart-referral">{t('cart.referredBy', { name: checkout.referrer.name ?? checkout.referrer.organizationName, organization: checkout.referrer.organizationName })}</p>
        ) : null}
        {checkout.isTradeInAvailable || checkout.tradeIn ? <TradeInForm checkout={checkout} onChange={onChange} disabled={busy} /> : null}
        <Totals checkout={checkout} />
        <Link className="button button--wide" to={`${base.basePath}/checkout/`}>{t('cart.checkout')}</Link>
        <Link className="cart-solutions-link" to={`${base.basePath}/solutions/`}>{t('solutions.link')}</Link>
        <ExpressCheckout checkout={checkout} base={base} onChange={onChange} />
      </aside>
    </div>
  );
}
