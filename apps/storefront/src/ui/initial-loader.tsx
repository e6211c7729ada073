import { PageLoader } from './spinner.tsx';

/** The fallback while the first client-only render loads its data (no catalogue is loaded yet). */
export function InitialLoader() {
  return <PageLoader label="Loading" initial />;
}
