/** A min-heap of timed entries; entries due at the same time come out in the order they went in. */
export class Schedule<T> {
  private readonly heap: { at: number; seq: number; value: T }[] = [];
  private seq = 0;

  get size(): number {
    return this.heap.length;
  }

  add(at: number, value: T): void {
    this.heap.push({ at, seq: this.seq++, value });
    let i = this.heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  /** The earliest entry due at or before `now`, if any. */
  popDue(now: number): T | undefined {
    const top = this.heap[0];
    if (!top || top.at > now) return undefined;
    const last = this.heap.pop() as (typeof this.heap)[number];
    if (this.heap.length > 0) {
      this.heap[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < this.heap.length && this.before(left, smallest)) smallest = left;
        if (right < this.heap.length && this.before(right, smallest)) smallest = right;
        if (smallest === i) break;
        this.swap(i, smallest);
        i = smallest;
      }
    }
    return top.value;
  }

  private before(a: number, b: number): boolean {
    const x = this.heap[a] as (typeof this.heap)[number];
    const y = this.heap[b] as (typeof this.heap)[number];
    return x.at < y.at || (x.at === y.at && x.seq < y.seq);
  }

  private swap(a: number, b: number): void {
    [this.heap[a], this.heap[b]] = [
      this.heap[b] as (typeof this.heap)[number],
      this.heap[a] as (typeof this.heap)[number],
    ];
  }
}
