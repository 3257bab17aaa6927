/**
 * Per webhook, at most `size` attempts in flight in this process; the rest wait for a lane in order. A
 * receiver that hangs fills its own lanes, nobody else's.
 */
export class Lanes {
  readonly #size: number;
  readonly #lanes = new Map<string, { running: number; waiting: (() => void)[] }>();

  constructor(size: number) {
    this.#size = size;
  }

  /** Attempts waiting for a lane, all webhooks together. */
  get waiting(): number {
    let waiting = 0;
    for (const lane of this.#lanes.values()) waiting += lane.waiting.length;
    return waiting;
  }

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    let lane = this.#lanes.get(key);
    if (!lane) {
      lane = { running: 0, waiting: [] };
      this.#lanes.set(key, lane);
    }
    if (lane.running >= this.#size) await new Promise<void>((resolve) => lane?.waiting.push(resolve));
    lane.running += 1;
    try {
      return await work();
    } finally {
      lane.running -= 1;
      const next = lane.waiting.shift();
      if (next) next();
      else if (lane.running === 0) this.#lanes.delete(key);
    }
  }
}
