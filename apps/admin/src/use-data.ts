import { useCallback, useEffect, useState } from 'react';
import { ApiError, HttpError, PermissionDenied } from './api.ts';
import { useText, type Text } from './i18n/text.ts';

/** Loads data for a page and says what went wrong in words an operator can act on. */
export function useData<T>(load: () => Promise<T>, deps: unknown[]): { data: T | null; error: string | null; reload: () => void } {
  const describe = useDescribe();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setError(null);
    load().then((d) => live && setData(d)).catch((e: unknown) => live && setError(describe(e)));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, tick]);
  return { data, error, reload: useCallback(() => setTick((n) => n + 1), []) };
}

/** What went wrong, for the operator: the server's own refusal as it gave it, the console's fallbacks in the console's language. */
export function describeError(error: unknown, { t }: Pick<Text, 't'>): string {
  if (error instanceof PermissionDenied) return t('errors.permissionDenied');
  if (error instanceof ApiError) return error.errorId ? t('errors.withErrorId', { message: error.message, errorId: error.errorId }) : error.message;
  if (error instanceof HttpError) return error.what === 'download' ? t('errors.downloadFailed', { status: error.status }) : t('errors.apiStatus', { status: error.status });
  return t('errors.unreachable');
}

/** describeError in the staff member's language. */
export function useDescribe(): (error: unknown) => string {
  const text = useText();
  return useCallback((error: unknown) => describeError(error, text), [text]);
}
