import { useEffect, useState } from 'react';
import { reportError } from '../../monitoring/current.ts';
import { validAuthToken } from '../../session/auth-token.ts';
import { startSignIn } from './account-menu.tsx';

/**
 * For the signed-in screens: 'pending' on the server and until the browser has read the stored token;
 * then 'yes', or 'no' after sending the visitor to sign in (they come back to this page after).
 */
export function useSignedIn(language: string): 'pending' | 'yes' | 'no' {
  const [state, setState] = useState<'pending' | 'yes' | 'no'>('pending');
  useEffect(() => {
    const valid = validAuthToken((error) => void reportError(error, { source: 'auth-token' })) !== null;
    setState(valid ? 'yes' : 'no');
    if (!valid) startSignIn(language);
  }, [language]);
  return state;
}
