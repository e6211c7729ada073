import { APP_VERSION } from '@probe/domain';

/** Error monitoring behind one interface: report an error, get the id the error screen shows. */
export interface ErrorReporter {
  report(error: unknown, context?: Record<string, string | number | boolean | null>): string;
}

/** Spec §7: errors are counted as auth errors or others. */
export const errorCounts = { auth: 0, other: 0 };

function describe(error: unknown): { type: string; message: string; stack?: string | undefined } {
  if (error instanceof Error) return { type: error.name, message: error.message, stack: error.stack };
  return { type: 'Error', message: String(error) };
}

const newId = () => crypto.randomUUID();

/** The default: the store's own endpoint, which logs each report under its id. */
export function serverReporter(endpoint = '/client-errors', send: typeof fetch = (...args) => fetch(...args)): ErrorReporter {
  return {
    report(error, context = {}) {
      const errorId = newId();
      const body = JSON.stringify({ errorId, ...describe(error), url: location.href, release: APP_VERSION, context });
      void send(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body, keepalive: true }).catch(() => {});
      return errorId;
    },
  };
}

/** A Sentry-compatible reporter: posts an envelope to the project of the DSN. */
export function sentryReporter(dsn: string, send: typeof fetch = (...args) => fetch(...args)): ErrorReporter {
  const url = new URL(dsn);
  const projectId = url.pathname.replace(/^\//, '');
  const endpoint = `${url.protocol}//${url.host}/api/${projectId}/envelope/?sentry_key=${url.username}&sentry_version=7`;
  return {
    report(error, context = {}) {
      const eventId = newId().replaceAll('-', '');
      const { type, message, stack } = describe(error);
      const event = {
        event_id: eventId,
        timestamp: Date.now() / 1000,
        platform: 'javascript',
        level: 'error',
        release: APP_VERSION,
        request: { url: location.href },
        exception: { values: [{ type, value: message, ...(stack ? { stacktrace: { frames: [] }, mechanism: { type: 'generic', handled: true } } : {}) }] },
        tags: context,
        extra: { stack },
      };
      const envelope = [JSON.stringify({ event_id: eventId, sent_at: new Date().toISOString(), dsn }), JSON.stringify({ type: 'event' }), JSON.stringify(event)].join('\n');
      void send(endpoint, { method: 'POST', headers: { 'content-type': 'application/x-sentry-envelope' }, body: envelope, keepalive: true }).catch(() => {});
      return eventId;
    },
  };
}

export function createReporter(dsn: string | undefined): ErrorReporter {
  return dsn ? sentryReporter(dsn) : serverReporter();
}
