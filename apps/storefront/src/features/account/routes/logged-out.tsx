import { useEffect } from 'react';
import { loadedMessages } from '../../../i18n/catalogues.ts';
import { PageLoader } from '../../../ui/spinner.tsx';
import { afterLogoutPath } from '../sign-out.ts';

/** /auth/logged-out (outside the base path): the provider's post-logout return; on to the store the buyer left. */
export function Component() {
  useEffect(() => {
    location.replace(afterLogoutPath());
  }, []);
  return <main id="main"><PageLoader label={loadedMessages('en')['app.loading']!} /></main>;
}
