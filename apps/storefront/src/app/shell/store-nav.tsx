import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';

/** The store's sections, in the order the header shows them. */
const SECTIONS = [
  { path: 'iq/', label: 'nav.human' },
  { path: 'vet/', label: 'nav.vet' },
  { path: 'accessories/', label: 'nav.accessories' },
  { path: 'pricing/', label: 'nav.pricing' },
] as const;

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      {open
        ? <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" />
        : <path d="M4 7h16M4 12h16M4 17h16" fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" />}
    </svg>
  );
}

/**
 * The header's main navigation: a row of links on wider screens; on a phone a disclosure button (Menu)
 * that opens them as a panel under the header. Opening moves focus to the first link; Escape closes it
 * and gives focus back to the button; leaving it (Tab past its last link, a tap outside, a navigation)
 * closes it. The links follow the button in the document, so Tab reaches them in the order they show.
 */
export function StoreNav({ basePath }: { basePath: string }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const firstLink = useRef<HTMLAnchorElement>(null);
  const listId = useId();

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    firstLink.current?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return (
    <nav
      ref={root}
      className="store-nav"
      aria-label={intl.formatMessage({ id: 'app.mainNav' })}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.preventDefault();
        setOpen(false);
        button.current?.focus();
      }}
      onBlur={(event) => {
        if (open && !root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button ref={button} type="button" className="store-nav__toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)} data-testid="nav-menu">
        <MenuIcon open={open} />
        <span className="store-nav__toggle-label">{intl.formatMessage({ id: 'nav.menu' })}</span>
      </button>
      <ul id={listId} className={`store-nav__list${open ? ' is-open' : ''}`}>
        {SECTIONS.map((section, index) => (
          <li key={section.path}>
            <Link ref={index === 0 ? firstLink : undefined} to={`${basePath}/${section.path}`} aria-current={pathname === `${basePath}/${section.path}` ? 'page' : undefined}>
              {intl.formatMessage({ id: section.label })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
