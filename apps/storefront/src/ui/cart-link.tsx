import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { CART_CHANGED_EVENT, lastCartCount } from '../checkout/cart-events.ts';

/** The header's cart link, with the number of items in the cart as this browser last saw it. */
export function CartLink({ basePath }: { basePath: string }) {
  const intl = useIntl();
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    // After hydration (the server cannot know it): the count this browser saw last.
    setCount(lastCartCount());
    const onChange = (event: Event) => setCount((event as CustomEvent<number>).detail);
    window.addEventListener(CART_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(CART_CHANGED_EVENT, onChange);
  }, []);
  return (
    <Link to={`${basePath}/cart/`} className="store-header__cart">
      {intl.formatMessage({ id: 'cart.title' })}
      {count ? (
        <>
          <span className="store-header__cart-count" aria-hidden="true">{count}</span>
          <span className="visually-hidden">{intl.formatMessage({ id: 'cart.count' }, { count })}</span>
        </>
      ) : null}
    </Link>
  );
}
