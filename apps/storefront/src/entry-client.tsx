import { startClient } from './app/client-start.tsx';
import { routes } from './app/routes.tsx';
import { clearAuthData } from './session/auth-token.ts';
import { clearOnSignOut } from './session/storage-keys.ts';
import './ui/base.css';

let loggingOut = false;
/** Spec §4, §8: a PermissionDenied answer clears the auth data at once, then logs out (that code loads on demand). */
function logout(): void {
  if (loggingOut) return;
  loggingOut = true;
  clearAuthData();
  void import('./features/account/sign-out.ts').then((m) => m.signOut(), () => {
    clearOnSignOut(localStorage);
    location.assign('/us/en/');
  });
}

await startClient(routes, { logout });
