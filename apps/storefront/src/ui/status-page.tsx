import type { ReactNode } from 'react';
import './status-page.css';

const ICONS = {
  danger: <path fill="none" stroke="currentColor" strokeWidth="1.6" d="M12 3 2.5 20h19L12 3Zm0 6v5m0 3v.5" strokeLinecap="round" strokeLinejoin="round" />,
  search: (
    <>
      <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="m16 16 4.5 4.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </>
  ),
  wrench: <path d="M14.7 6.3a4 4 0 0 0-5.4 5.1L4 16.7 7.3 20l5.3-5.3a4 4 0 0 0 5.1-5.4l-2.4 2.4-2.4-.6-.6-2.4 2.4-2.4Z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />,
};

/** The centred card the error, not-found and maintenance screens share. */
export function StatusPage({ id, testId, icon, heading, text, children }: {
  id: string;
  testId: string;
  icon: keyof typeof ICONS;
  heading: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <section className="status-page" aria-labelledby={id} data-testid={testId}>
      <div className="status-page__card">
        <svg className={icon === 'danger' ? 'status-page__icon status-page__icon--danger' : 'status-page__icon'} viewBox="0 0 24 24" aria-hidden="true">
          {ICONS[icon]}
        </svg>
        <h1 id={id}>{heading}</h1>
        <p className="status-page__text">{text}</p>
        {children}
      </div>
    </section>
  );
}
