import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { CART_CHANGED_EVENT, lastCartCount } from './cart-events.ts';

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
      <svg className="store-header__cart-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="9.5" cy="19" r="1.5" fill="currentColor" />
        <circle cx="17" cy="19" r="1.5" fill="currentColor" />
      </svg>
      <span className="store-header__cart-label">{intl.formatMessage({ id: 'cart.title' })}</span>
      {count ? (
        <>
          <span className="store-header__cart-count" aria-hidden="true">{count}</span>
          <span className="visually-hidden">{intl.formatMessage({ id: 'cart.count' }, { count })}</span>
        </>
      ) : null}
    </Link>
  );
}
