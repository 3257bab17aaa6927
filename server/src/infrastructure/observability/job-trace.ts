import { context, type Link, propagation, type SpanContext, SpanKind, trace } from '@opentelemetry/api';
import { tracingEnabled } from '../config/tracing-switch.ts';

/*
 * Traces across the job queue (issue 26 item 2). pg-boss carries the trace context of each send() to the
 * span that processes the job (its `propagateContext`). Two hops it cannot see are bridged here:
 *
 * - An incident change reaches the webhook fan-out and the mail drain through a NOTIFY of the database,
 *   which carries no trace. The request or job that changed incidents notes its span (`noteIncidentCause`);
 *   the next fan-out and drain of this process run in a span that continues the first noted trace and
 *   links every other. Only this process's causes are seen: with several processes, a fan-out another
 *   process runs starts a trace of its own.
 * - Webhook deliveries are fetched, not handed to a worker, so each delivery job carries the context of
 *   the fan-out that enqueued it in its data (`traceCarrier`), and its attempt's span continues it.
 *
 * With tracing off each function returns at once; only @opentelemetry/api (no SDK) is loaded.
 */

const enabled = tracingEnabled();
const tracer = trace.getTracer('partner-portal');

/** Spans noted since the last take, per consumer; bounded, a storm of incidents is a few links. */
const MAX_CAUSES = 32;
const causes = { webhooks: [] as SpanContext[], mail: [] as SpanContext[] };
export type CauseConsumer = keyof typeof causes;

/** The active span changed incidents: the webhook fan-out and the mail drain that follow continue its trace. */
export function noteIncidentCause(): void {
  if (!enabled) return;
  const span = trace.getActiveSpan();
  if (!span) return;
  for (const list of Object.values(causes)) if (list.length < MAX_CAUSES) list.push(span.spanContext());
}

/** Runs `run` in a span that continues the causes noted since the last call for `consumer` (if any). */
export async function withIncidentCauses<T>(
  consumer: CauseConsumer,
  name: string,
  run: () => Promise<T>,
): Promise<T> {
  if (!enabled) return run();
  const noted = causes[consumer].splice(0);
  const first = noted[0];
  if (!first) return run();
  const links: Link[] = noted.map((cause) => ({ context: cause }));
  const parent = trace.setSpanContext(context.active(), first);
  return tracer.startActiveSpan(name, { kind: SpanKind.INTERNAL, links }, parent, async (span) => {
    try {
      return await run();
    } finally {
      span.end();
    }
  });
}

/** The active trace context as job data carries it (W3C traceparent); undefined when tracing is off. */
export function traceCarrier(): Record<string, string> | undefined {
  if (!enabled || !trace.getActiveSpan()) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return Object.keys(carrier).length > 0 ? carrier : undefined;
}

/** Runs `run` in a span continuing `carrier` (from job data); just runs it when tracing is off. */
export async function withCarriedSpan<T>(
  name: string,
  carrier: Record<string, string> | undefined,
  attributes: Record<string, string | number>,
  run: () => Promise<T>,
): Promise<T> {
  if (!enabled) return run();
  const parent = carrier ? propagation.extract(context.active(), carrier) : context.active();
  return tracer.startActiveSpan(name, { kind: SpanKind.CONSUMER, attributes }, parent, async (span) => {
    try {
      return await run();
    } finally {
      span.end();
    }
  });
}

/** Adds what came of the work to the active span (an attempt's outcome, the answer's status). */
export function annotateSpan(attributes: Record<string, string | number>): void {
  if (enabled) trace.getActiveSpan()?.setAttributes(attributes);
}
