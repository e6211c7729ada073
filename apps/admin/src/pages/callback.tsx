import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { completeSignIn } from '../auth.ts';

/** The provider's return: the code is exchanged once, then the console opens where the operator was going. */
export function Callback() {
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    completeSignIn(new URL(location.href)).then((to) => navigate(to, { replace: true })).catch(() => setFailed(true));
  }, [navigate]);
  return (
    <main id="main" className="console-main">
      <h1><FormattedMessage id="callback.title" /></h1>
      {failed ? <p role="alert" className="error"><FormattedMessage id="callback.failed" /></p> : <p role="status"><FormattedMessage id="callback.wait" /></p>}
    </main>
  );
}
