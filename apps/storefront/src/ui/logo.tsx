/** The store's mark: a probe head emitting an ultrasound fan. */
export function Logo() {
  return (
    <svg className="logo" viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill="var(--color-navy)" />
      <path d="M20 9c-2.8 0-4.5 1.6-4.5 4v7h9v-7c0-2.4-1.7-4-4.5-4Z" fill="#fff" />
      <path d="M12.5 25.5a10.6 10.6 0 0 0 15 0M9.7 29a14.6 14.6 0 0 0 20.6 0" fill="none" stroke="#5fd3df" strokeWidth="2.2" strokeLinecap="round" />
      <path d="M15.3 22.3a6.6 6.6 0 0 0 9.4 0" fill="none" stroke="#5fd3df" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}
