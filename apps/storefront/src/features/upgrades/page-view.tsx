import { usePageView } from '../../analytics/use-page-view.ts';
import type { PageViewName } from '../../analytics/data-layer.ts';

/** Sends a page view once its name is known (some upgrade pages are named by the organization's plan or market). */
export function PageView({ name }: { name: PageViewName }) {
  usePageView(name);
  return null;
}
