import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useBaseData } from '../../data/route-data.ts';
import { addToCart } from './cart-session.ts';
import { errorMessage } from '../../data/error-messages.ts';

type State = { kind: 'idle' } | { kind: 'adding' } | { kind: 'added' } | { kind: 'failed'; message: string };

/**
 * The add-to-cart control of every product page: puts the item in the buyer's checkout (made on the
 * first add) and offers the way to the cart. The button is disabled while a request is in flight, so a
 * double click adds once.
 */
export function AddToCart({ sku, name, available, quantity = 1, lines, label, next }: {
  sku: string; name: string; available: boolean; quantity?: number;
  /** Several lines at once (a flow's whole summary); `sku` and `quantity` are then ignored. */
  lines?: Array<{ sku: string; quantity: number }>;
  /** The button's text, when not "Add to cart". */
  label?: string;
  /** A further step offered once added, beside the way to the cart (a probe's accessories). */
  next?: { to: string; label: string };
}) {
  const intl = useIntl();
  const client = useApolloClient();
  const base = useBaseData();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const add = async () => {
    setState({ kind: 'adding' });
    try {
      const result = await addToCart(client, { country: base.country, language: base.languageCode }, lines ?? [{ sku, quantity }]);
      const [error] = result.errors;
      setState(error ? { kind: 'failed', message: errorMessage(intl, 'CheckoutLinesAdd', error) } : { kind: 'added' });
    } catch {
      setState({ kind: 'failed', message: intl.formatMessage({ id: 'cart.addFailed' }) });
    }
  };
  return (
    <div className="add-to-cart">
      <button type="button" className="button button--wide" onClick={add} disabled={!available || state.kind === 'adding'} aria-busy={state.kind === 'adding'}>
        {label ?? intl.formatMessage({ id: 'product.addToCart' })}
      </button>
      <p className="add-to-cart__status" role="status">
        {state.kind === 'added' ? (
          <>
            {intl.formatMessage({ id: 'product.added' }, { name })}{' '}
            <Link to={`${base.basePath}/cart/`}>{intl.formatMessage({ id: 'cart.view' })}</Link>
            {next ? <>{' · '}<Link to={next.to}>{next.label}</Link></> : null}
          </>
        ) : state.kind === 'failed' ? <span className="add-to-cart__error">{state.message}</span> : ''}
      </p>
    </div>
  );
}
