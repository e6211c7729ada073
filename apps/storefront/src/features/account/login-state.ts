import { STORAGE_KEYS } from '../../session/storage-keys.ts';

/** What a sign-in keeps until the provider sends the buyer back: the one-use state and the PKCE verifier. */
export interface LoginState {
  state: string;
  codeVerifier: string;
}

export function saveLoginState(value: LoginState, storage: Storage = localStorage): void {
  storage.setItem(STORAGE_KEYS.loginState, JSON.stringify(value));
}

/** The stored login state, removed as it is read: a second return with the same state finds nothing. */
export function takeLoginState(storage: Storage = localStorage): LoginState | null {
  const raw = storage.getItem(STORAGE_KEYS.loginState);
  storage.removeItem(STORAGE_KEYS.loginState);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<LoginState> | null;
    return value && typeof value.state === 'string' && value.state && typeof value.codeVerifier === 'string' && value.codeVerifier
      ? { state: value.state, codeVerifier: value.codeVerifier }
      : null;
  } catch {
    return null;
  }
}
