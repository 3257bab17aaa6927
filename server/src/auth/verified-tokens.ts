/**
 * Tokens this process has verified recently, by their exact text. A signature check costs more than the
 * rest of a small request; the same string cannot carry other claims, so once its signature, issuer and
 * claims passed, only its expiry needs checking until it expires. Bounded: the oldest entry goes first.
 * Revocation and membership are not cached: the callers still read them on every request.
 */
export class VerifiedTokens<T> {
  private readonly entries = new Map<string, { value: T; expiresAtMs: number }>();

  constructor(private readonly maxEntries = 5_000) {}

  get(token: string, nowMs = Date.now()): T | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (nowMs >= entry.expiresAtMs) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.value;
  }

  /** `expiresAtMs`: the first instant the token must be refused. */
  set(token: string, value: T, expiresAtMs: number): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { value, expiresAtMs });
  }

  get size(): number {
    return this.entries.size;
  }
}
