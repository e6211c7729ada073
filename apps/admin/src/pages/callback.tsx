import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { completeSignIn } from '../auth.ts';

/** The provider's return: the code is exchanged once, then the console opens where the operator was going. */
export function Callback() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    completeSignIn(new URL(location.href)).then((to) => navigate(to, { replace: true })).catch(() => setError('Signing in did not complete. Open the console again to sign in.'));
  }, [navigate]);
  return <main id="main" className="console-main"><h1>Signing in</h1>{error ? <p role="alert" className="error">{error}</p> : <p role="status">One moment…</p>}</main>;
}
