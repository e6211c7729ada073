import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { CART_CHANGED_EVENT } from '../checkout/cart-session.ts';

/** The header's cart link, with the number of items added in this visit (the cart page shows the rest). */
export function CartLink({ basePath }: { basePath: string }) {
  const intl = useIntl();
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    const onChange = (event: Event) => setCount((event as CustomEvent<number>).detail);
    window.addEventListener(CART_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(CART_CHANGED_EVENT, onChange);
  }, []);
  return (
    <Link to={`${basePath}/cart/`} className="store-header__cart">
      {intl.formatMessage({ id: 'cart.title' })}
      {count ? <span className="store-header__cart-count"><span className="visually-hidden">, </span>{intl.formatMessage({ id: 'cart.count' }, { count })}</span> : null}
    </Link>
  );
}
