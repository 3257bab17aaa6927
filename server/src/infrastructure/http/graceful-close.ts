import { EXTRA_TYPES } from '@portal/contracts/api-error';
import type { FastifyInstance } from 'fastify';
import { DATABASE_UNAVAILABLE_DETAIL } from './database-unavailable.ts';

/** What a request refused while the process shuts down is told to wait before trying again (elsewhere). */
export const SHUTDOWN_RETRY_AFTER_SECONDS = 1;

/**
 * The shutdown of this process (issue 26 item 6, decision 0028). `begin()` (SIGTERM) starts the drain:
 * /readyz answers 503 so the load balancer takes the process out, event streams are told to reconnect
 * (elsewhere) and new ones are refused, and every response closes its connection; other requests are still
 * served. `app.close()` then refuses what still arrives with 503 + Retry-After, waits for the requests in
 * flight, stops the job queue gracefully with the time left, and stops listening.
 */
export class Shutdown {
  /** SIGTERM came (or close began): not ready, no new event streams, connections end with their response. */
  draining = false;
  /** `app.close()` began: new requests are refused. */
  closing = false;
  private deadline = Number.POSITIVE_INFINITY;
  private inFlight = 0;
  private readonly idleWaiters = new Set<() => void>();
  private readonly drainListeners = new Set<() => void>();

  constructor(private readonly shutdownMs: number) {}

  /** Starts the drain (once); everything after must be done within SHUTDOWN_SECONDS of now. */
  begin(): void {
    if (this.draining) return;
    this.draining = true;
    this.deadline = Date.now() + this.shutdownMs;
    for (const listener of this.drainListeners) listener();
    this.drainListeners.clear();
  }

  /** Calls `listener` when the drain begins (at once if it has); returns the unsubscribe function. */
  onDrain(listener: () => void): () => void {
    if (this.draining) {
      listener();
      return () => {};
    }
    this.drainListeners.add(listener);
    return () => this.drainListeners.delete(listener);
  }

  /** Milliseconds until the process must have exited (SHUTDOWN_SECONDS after `begin`). */
  msLeft(): number {
    return Math.max(0, this.deadline - Date.now());
  }

  requestStarted(): void {
    this.inFlight += 1;
  }

  requestFinished(): void {
    this.inFlight -= 1;
    if (this.inFlight > 0) return;
    for (const wake of this.idleWaiters) wake();
    this.idleWaiters.clear();
  }

  /** Resolves true when no request is in flight, false if `limitMs` passes first. */
  whenIdle(limitMs: number): Promise<boolean> {
    if (this.inFlight <= 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.idleWaiters.delete(wake);
        resolve(false);
      }, limitMs);
      timer.unref();
      this.idleWaiters.add(wake);
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    shutdown: Shutdown;
  }
}

/**
 * Registers the shutdown's request side; call first, so that its hooks run before any other. `stopWork`
 * runs in preClose after the requests in flight finished (or the time for them ran out), with the
 * milliseconds left for it: the job queue, LISTEN.
 */
export function registerGracefulClose(
  app: FastifyInstance,
  options: { shutdownSeconds: number; stopWork: (msLeft: number) => Promise<void> },
): void {
  const shutdown = new Shutdown(options.shutdownSeconds * 1000);
  app.decorate('shutdown', shutdown);

  app.addHook('onRequest', (_request, reply, done) => {
    shutdown.requestStarted();
    // 'close' comes once per response, answered, aborted or ended by a hijacked route (event streams).
    reply.raw.once('close', () => shutdown.requestFinished());
    if (!shutdown.closing) return done();
    // Fastify's own return503OnClosing would say so without Retry-After or our error envelope.
    reply
      .status(503)
      .header('retry-after', String(SHUTDOWN_RETRY_AFTER_SECONDS))
      .send({ detail: DATABASE_UNAVAILABLE_DETAIL, extraType: EXTRA_TYPES.unavailable });
  });
  // While draining, each response ends its keep-alive connection: the client's (or the proxy's) next request
  // opens a new one, which the balancer sends to a process that stays; shutdown waits for no idle client.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (shutdown.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('preClose', async () => {
    shutdown.begin();
    shutdown.closing = true;
    // Keep a second of the time for the queue and the database to close.
    const finished = await shutdown.whenIdle(Math.max(0, shutdown.msLeft() - 2000));
    if (!finished) app.log.warn('shutdown: requests still in flight when their time ran out');
    await options.stopWork(Math.max(0, shutdown.msLeft() - 1000));
  });
}

/**
 * SIGTERM: drain (readiness 503, event streams told to reconnect) for `drainSeconds` while the balancer
 * notices, then close (no new connections, requests and jobs in flight finish).
 */
export async function shutDownGracefully(app: FastifyInstance, drainSeconds: number): Promise<void> {
  app.shutdown.begin();
  if (drainSeconds > 0) await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
  await app.close();
}
