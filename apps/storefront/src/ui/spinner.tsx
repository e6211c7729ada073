import './spinner.css';

interface SpinnerProps {
  /** 34 px inline, or 50 px as the full-page loader (spec §9). */
  size?: 'inline' | 'page';
  label: string;
}

/** Spec §2: a spinner of two arcs rotating at 0.8 s and 1.6 s. */
export function Spinner({ size = 'inline', label }: SpinnerProps) {
  return (
    <span className={size === 'page' ? 'spinner spinner--page' : 'spinner'} role="status" aria-label={label} data-testid="spinner">
      <svg viewBox="0 0 50 50" aria-hidden="true" focusable="false">
        <circle className="spinner__arc spinner__arc--outer" cx="25" cy="25" r="22" />
        <circle className="spinner__arc spinner__arc--inner" cx="25" cy="25" r="14" />
      </svg>
    </span>
  );
}

/** The full-page loading fallback, centred on the page. */
export function PageLoader({ label, initial = false }: { label: string; initial?: boolean }) {
  return (
    <div className={initial ? 'page-loader page-loader--initial' : 'page-loader'} data-testid="page-loader">
      <Spinner size="page" label={label} />
    </div>
  );
}
