// First: storage may be denied inside a partner's frame (lib/storage-guard.ts).
import './lib/storage-guard.ts';
import { startClient } from './app/client-start.tsx';
import { formsRoutes } from './app/forms-routes.tsx';
import { clearAuthData } from './session/auth-token.ts';
import './ui/base.css';

/**
 * The marketing forms' browser entry (spec §2 `form/*`): its own bundle, without the store's cart,
 * sign-in or financing snippet. The forms make no signed-in calls; a permission-denied answer only
 * clears stored auth data.
 */
await startClient(formsRoutes, { logout: clearAuthData });
