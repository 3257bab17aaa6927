import { register } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { setTraceFlusher } from '../config/tracing-switch.ts';

/*
 * The OpenTelemetry Node SDK (issue 26 item 2), started only by preload.ts when an OTLP endpoint is set. The
 * exporter, its protocol, the sampler, the resource and the batch timing come from the standard OTEL_*
 * variables (OTEL_EXPORTER_OTLP_PROTOCOL: http/protobuf by default, or http/json, grpc).
 *
 * The server's modules are ES modules: the import hook of @opentelemetry/instrumentation (import-in-the-middle)
 * lets the instrumentations patch what they import (pg). Fastify is traced by its own plugin, registered on each instance through its diagnostics
 * channel; incoming HTTP by the http instrumentation, which makes the trace of each request.
 */
register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);

// Traces only, unless the operator asks for more: metrics are Prometheus's (METRICS_PORT), logs go to stdout.
// The SDK would otherwise also push OTLP metrics and logs to the same endpoint.
process.env.OTEL_METRICS_EXPORTER ??= 'none';
process.env.OTEL_LOGS_EXPORTER ??= 'none';

/** Load balancers' probes would be most of the traces and say nothing. */
const PROBES = new Set(['/healthz', '/readyz']);

const sdk = new NodeSDK({
  serviceName: process.env.OTEL_SERVICE_NAME ?? 'partner-portal',
  instrumentations: [
    new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => PROBES.has(request.url ?? '') }),
    new FastifyOtelInstrumentation({
      registerOnInitialization: true,
      ignorePaths: (route) => PROBES.has(route.url),
    }),
    // Only inside a request's or a job's span: the job queue's pollers would be a trace every half second.
    new PgInstrumentation({ requireParentSpan: true }),
  ],
});
sdk.start();
setTraceFlusher(() => sdk.shutdown());
