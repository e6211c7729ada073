import { context, propagation, trace } from '@opentelemetry/api';

export interface Tracing {
  /** Sends the spans still buffered. */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

let started: Promise<Tracing> | null = null;

/**
 * Traces over OTLP/HTTP to `${endpoint}/v1/traces` (OTEL_EXPORTER_OTLP_ENDPOINT), batched, with the
 * service's name; registers the provider and the AsyncLocalStorage context manager for the process.
 * Once per process (a later call returns the first). Never called without an endpoint: then no span is
 * made anywhere, the API's no-op tracer answers and the hooks that would use it are not registered.
 * The SDK and its exporter load here, not with the server: off, they cost no memory (issue 32's budget).
 */
export function startTracing(options: { endpoint: string; serviceName: string }): Promise<Tracing> {
  started ??= start(options);
  return started;
}

async function start(options: { endpoint: string; serviceName: string }): Promise<Tracing> {
  const [{ OTLPTraceExporter }, { resourceFromAttributes }, { BatchSpanProcessor, NodeTracerProvider }] = await Promise.all([
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-node'),
  ]);
  const exporter = new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1000, maxQueueSize: 4096, maxExportBatchSize: 512 })],
  });
  provider.register();
  return {
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
}

/** The tracer every span of the store is made with (a no-op one until startTracing ran). */
export const tracer = () => trace.getTracer('probe-store');
