import { useCallback, useEffect, useState } from 'react';
import { ApiError, PermissionDenied } from './api.ts';

/** Loads data for a page and says what went wrong in words an operator can act on. */
export function useData<T>(load: () => Promise<T>, deps: unknown[]): { data: T | null; error: string | null; reload: () => void } {
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

export function describe(error: unknown): string {
  if (error instanceof PermissionDenied) return 'Your role may not do this. The server refused it; nothing was changed.';
  if (error instanceof ApiError) return `${error.message}${error.errorId ? ` (error id ${error.errorId})` : ''}`;
  return 'The console could not reach the server. Check the connection and try again.';
}
