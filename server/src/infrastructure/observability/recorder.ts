/**
 * Incidents opened and resolved, by category. The same shape as the domain's IncidentTally, declared here
 * so that the metrics (infrastructure) need not import the domain: the domain's tally fits it as it is.
 */
export interface IncidentCounts {
  opened: Record<string, number>;
  resolved: Record<string, number>;
}

/** How one webhook attempt ended: a 2xx, another answer, or no answer (timeout, refused, connection error). */
export type WebhookOutcome = 'delivered' | 'rejected' | 'failed';
/** A mail handed to SMTP (or the outbox), refused by it, or a bundle put off to later. */
export type MailOutcome = 'sent' | 'failed' | 'deferred';

/**
 * What the server's edges (routes, jobs, the mailer) tell the metrics (issue 26). Prometheus stays behind
 * this: the domain returns what happened, the edge records it. With METRICS_PORT unset it is `noRecorder`.
 */
export interface OperationsRecorder {
  ingestBatch(result: { accepted: number; duplicates: number; rejected: number }): void;
  incidents(tally: IncidentCounts): void;
  webhookAttempt(outcome: WebhookOutcome, seconds: number): void;
  mail(outcome: MailOutcome, template: string): void;
}

export const noRecorder: OperationsRecorder = {
  ingestBatch: () => {},
  incidents: () => {},
  webhookAttempt: () => {},
  mail: () => {},
};
