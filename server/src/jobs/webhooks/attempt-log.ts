/**
 * Attempts are recorded in batches (one transaction for many: a storm is thousands a second): at once when
 * `flushAt` are waiting or nothing else is in flight, otherwise what came within `flushAfterMs`. `record`
 * settles when its batch is written (with its job's completion), or rejects when the write failed twice.
 */
export interface AttemptLogOptions {
  flushAt: number;
  flushAfterMs: number;
  /** Attempts still running that will be recorded soon: worth waiting `flushAfterMs` for. */
  othersInFlight(): boolean;
  /** After a batch is written (its jobs' slots are free again). */
  written(): void;
  failed(error: unknown, attempts: number): void;
}

export class AttemptLog<T> {
  readonly #write: (batch: T[]) => Promise<void>;
  readonly #options: AttemptLogOptions;
  #unrecorded: { entry: T; resolve(): void; reject(error: unknown): void }[] = [];
  #flushing: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;

  constructor(write: (batch: T[]) => Promise<void>, options: AttemptLogOptions) {
    this.#write = write;
    this.#options = options;
  }

  record(entry: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#unrecorded.push({ entry, resolve, reject });
      if (this.#unrecorded.length >= this.#options.flushAt || !this.#options.othersInFlight())
        void this.flush();
      else this.#timer ??= setTimeout(() => void this.flush(), this.#options.flushAfterMs);
    });
  }

  async flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    while (this.#flushing) await this.#flushing;
    const batch = this.#unrecorded;
    this.#unrecorded = [];
    if (batch.length === 0) return;
    this.#flushing = (async () => {
      const entries = batch.map(({ entry }) => entry);
      try {
        // Once more on a conflict (a webhook deleted meanwhile can deadlock with us); then the jobs fail
        // and pg-boss retries them.
        await this.#write(entries).catch(() => this.#write(entries));
        for (const waiting of batch) waiting.resolve();
        this.#options.written();
      } catch (error) {
        this.#options.failed(error, batch.length);
        for (const waiting of batch) waiting.reject(error);
      }
    })();
    await this.#flushing;
    this.#flushing = undefined;
  }
}
