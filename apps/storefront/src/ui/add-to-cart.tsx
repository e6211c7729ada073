import { useState } from 'react';
import { useIntl } from 'react-intl';

/** Lines chosen before the cart exists; the checkout issue turns them into checkout lines. */
export const PENDING_CART_KEY = 'pendingCartLines';

/**
 * The add-to-cart control of every product page. Until the cart and checkout are built it keeps the
 * chosen line in local storage and confirms it; the checkout issue wires it to CheckoutLinesAdd.
 */
export function AddToCart({ sku, name, available }: { sku: string; name: string; available: boolean }) {
  const intl = useIntl();
  const [added, setAdded] = useState(false);
  const add = () => {
    const lines = JSON.parse(localStorage.getItem(PENDING_CART_KEY) ?? '[]') as Array<{ sku: string; quantity: number }>;
    const line = lines.find((l) => l.sku === sku);
    if (line) line.quantity += 1;
    else lines.push({ sku, quantity: 1 });
    localStorage.setItem(PENDING_CART_KEY, JSON.stringify(lines));
    setAdded(true);
  };
  return (
    <div className="add-to-cart">
      <button type="button" className="button button--wide" onClick={add} disabled={!available}>
        {intl.formatMessage({ id: 'product.addToCart' })}
      </button>
      <p className="add-to-cart__status" role="status">{added ? intl.formatMessage({ id: 'product.added' }, { name }) : ''}</p>
    </div>
  );
}
