/**
 * Whether this process exports traces (issue 26 item 2): the OpenTelemetry SDK's own switch, the standard
 * OTLP endpoint variables. Nothing here imports the SDK; `observability/preload.ts` loads it only when
 * this is true. Here, with the configuration, so that the database and the job queue can ask it without
 * importing observability/ (which reads the database).
 */
export function tracingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return (
    Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) &&
    env.OTEL_SDK_DISABLED !== 'true'
  );
}

let flusher: (() => Promise<void>) | undefined;

/** tracing.ts registers how to send what is still buffered. */
export function setTraceFlusher(flush: () => Promise<void>): void {
  flusher = flush;
}

/** Sends the spans still buffered (at close: the process exits right after). No-op without tracing. */
export async function flushTraces(): Promise<void> {
  await flusher?.().catch(() => {});
}
