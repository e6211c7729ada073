import { context, propagation, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

export interface Tracing {
  /** Sends the spans still buffered. */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

let started: Tracing | null = null;

/**
 * Traces over OTLP/HTTP to `${endpoint}/v1/traces` (OTEL_EXPORTER_OTLP_ENDPOINT), batched, with the
 * service's name; registers the provider and the AsyncLocalStorage context manager for the process.
 * Once per process (a later call returns the first). Never called without an endpoint: then no span is
 * made anywhere, the API's no-op tracer answers and the hooks that would use it are not registered.
 */
export function startTracing(options: { endpoint: string; serviceName: string }): Tracing {
  if (started) return started;
  const exporter = new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1000, maxQueueSize: 4096, maxExportBatchSize: 512 })],
  });
  provider.register();
  started = {
    flush: () => provider.forceFlush(),
    // Sends what is left and unregisters the provider: spans made afterwards are the API's no-ops again
    // (a test process goes on with other apps, which must see no trace id).
    shutdown: async () => {
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
      started = null;
    },
  };
  return started;
}

/** The tracer every span of the store is made with (a no-op one until startTracing ran). */
export const tracer = () => trace.getTracer('probe-store');
