import type { HydrationState } from 'react-router';
import { isRouteErrorResponse } from 'react-router';

/** The one JSON script that carries the server's Apollo cache and router data to the browser. */
export const STATE_SCRIPT_ID = '__SSR__';

export interface SsrState {
  apollo: unknown;
  router: Pick<HydrationState, 'loaderData' | 'actionData'> & { errors: Record<string, SerializedError> | null };
}

type SerializedError =
  | { kind: 'response'; status: number; statusText: string; data: unknown }
  | { kind: 'error'; message: string }
  | { kind: 'unknown'; value: unknown };

export function serializeErrors(errors: Record<string, unknown> | null | undefined): Record<string, SerializedError> | null {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([id, e]): [string, SerializedError] => {
      if (isRouteErrorResponse(e)) return [id, { kind: 'response', status: e.status, statusText: e.statusText, data: e.data }];
      if (e instanceof Error) return [id, { kind: 'error', message: e.message }];
      return [id, { kind: 'unknown', value: e }];
    }),
  );
}

/** React Router only revives errors from its own global; with explicit hydrationData we do it here. */
export function reviveErrors(errors: SsrState['router']['errors']): HydrationState['errors'] {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([id, e]) => {
      if (e.kind === 'response') return [id, { status: e.status, statusText: e.statusText, data: e.data, internal: false }];
      if (e.kind === 'error') return [id, new Error(e.message)];
      return [id, e.value];
    }),
  );
}

/** JSON safe to place inside a <script> element: no "</script>" or "<!--" can end it early. */
export function toScriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
