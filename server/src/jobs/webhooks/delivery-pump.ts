/**
 * One pump per process fetches delivery jobs while it has room (decision 0019, "fetched, not worked"): each
 * batch is handed to `deliver` without waiting for it, so a receiver that hangs holds only its own jobs. It
 * sleeps until woken (jobs arrived, slots freed) or `pollMs` passed (another process's fan-out).
 */
export interface PumpOptions<J> {
  /** How many more jobs may be fetched now. */
  room(): number;
  fetch(batchSize: number): Promise<J[]>;
  /** Handles a batch (resolves when each of its jobs is settled). */
  deliver(jobs: J[]): Promise<void>;
  pollMs: number;
  fetchFailed(error: unknown): void;
}

export class DeliveryPump<J> {
  readonly #options: PumpOptions<J>;
  #stopping = false;
  /** Woken while it was fetching: it looks again before it sleeps. */
  #woken = false;
  #wakeSleeper = () => {};
  readonly #deliveries = new Set<Promise<void>>();
  #running: Promise<void> = Promise.resolve();

  constructor(options: PumpOptions<J>) {
    this.#options = options;
  }

  start(): void {
    this.#running = this.#loop();
  }

  wake = (): void => {
    this.#woken = true;
    this.#wakeSleeper();
  };

  /** Stops fetching; waits up to `graceMs` for the batches in hand. */
  async stop(graceMs: number): Promise<void> {
    this.#stopping = true;
    this.wake();
    await this.#running;
    await Promise.race([
      Promise.all(this.#deliveries),
      new Promise((resolve) => setTimeout(resolve, graceMs).unref()),
    ]);
  }

  async #loop(): Promise<void> {
    while (!this.#stopping) {
      this.#woken = false;
      const room = this.#options.room();
      let jobs: J[] = [];
      if (room > 0) {
        try {
          jobs = await this.#options.fetch(room);
        } catch (error) {
          this.#options.fetchFailed(error);
        }
      }
      if (jobs.length > 0) {
        const delivery = this.#options.deliver(jobs);
        this.#deliveries.add(delivery);
        void delivery.finally(() => this.#deliveries.delete(delivery));
        // A full batch: more may be waiting.
        if (jobs.length === room) continue;
      }
      if (this.#stopping || this.#woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.#options.pollMs);
        this.#wakeSleeper = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wakeSleeper = () => {};
    }
  }
}
