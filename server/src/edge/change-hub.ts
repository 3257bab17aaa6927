import type { FastifyBaseLogger } from 'fastify';
import { CHANGES_CHANNEL, type ChangeKind, type ChangeNotice } from '../domain/incidents/changes.ts';
import type { Database } from '../infrastructure/db/database.ts';

export interface CompanyChange {
  kinds: ChangeKind[];
  /** Null: any of the company's customers. */
  organizationIds: string[] | null;
}

type Listener = (change: CompanyChange) => void;

/** How long the hub remembers each company's changes: a stream opening after a gap asks for what it missed. */
export const CHANGE_MEMORY_MS = 15 * 60_000;

/** Both changes as one: kinds and customers joined; null ("any customer") wins. */
export function mergeChanges(a: CompanyChange, b: CompanyChange): CompanyChange {
  return {
    kinds: [...new Set([...a.kinds, ...b.kinds])],
    organizationIds:
      a.organizationIds && b.organizationIds
        ? [...new Set([...a.organizationIds, ...b.organizationIds])]
        : null,
  };
}

/** What changed for a company within a recent window: a change, nothing, or unknown (not remembered so far back). */
export type ChangesWithin = CompanyChange | 'nothing' | 'unknown';

/**
 * Fans the database's change notices (NOTIFY from whichever process applied a change) out to this process's
 * subscribers of each company (the screens' event streams). Starts listening at `start` or with the first
 * subscriber, and from then on remembers every company's changes of the last CHANGE_MEMORY_MS
 * (`changesWithin`).
 */
export class ChangeHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private stopListening: Promise<() => Promise<void>> | undefined;
  /** Settles once listening (or once that failed, logged). */
  private listening: Promise<void> | undefined;
  /** Since when every notice is remembered: the moment the database listened. */
  private rememberingSince: number | undefined;
  /** Each company's changes, oldest first. */
  private readonly recent = new Map<string, { at: number; change: CompanyChange }[]>();
  private lastSweep = 0;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Calls `listener` with each change of the company; returns the unsubscribe function. */
  subscribe(companyId: string, listener: Listener): () => void {
    void this.start();
    const set = this.listeners.get(companyId) ?? new Set();
    set.add(listener);
    this.listeners.set(companyId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(companyId);
    };
  }

  /**
   * Listens for change notices from now on (the first subscriber does too): what it remembers then covers
   * every page opened after the process started (the server calls it at start unless WARM_UP is off).
   */
  start(): Promise<void> {
    if (!this.listening) {
      const listening = this.database.listen(CHANGES_CHANNEL, (payload) => this.dispatch(payload));
      this.stopListening = listening;
      this.listening = listening.then(
        () => {
          this.rememberingSince = this.now();
        },
        (error: unknown) => {
          this.log.error({ err: error }, 'change notices: could not listen');
          this.stopListening = undefined;
          this.listening = undefined;
        },
      );
    }
    return this.listening;
  }

  private dispatch(payload: string): void {
    let notice: ChangeNotice;
    try {
      notice = JSON.parse(payload) as ChangeNotice;
    } catch {
      return;
    }
    const change: CompanyChange = { kinds: notice.k, organizationIds: notice.o };
    this.remember(notice.c, change);
    const set = this.listeners.get(notice.c);
    if (!set) return;
    for (const listener of set) listener(change);
  }

  /**
   * What changed for the company in the last `ms`, merged: 'unknown' when the hub was not listening yet
   * then, or that is longer ago than it remembers (the caller should take everything as changed).
   */
  changesWithin(companyId: string, ms: number): ChangesWithin {
    const from = this.now() - ms;
    if (this.rememberingSince === undefined || from < this.rememberingSince) return 'unknown';
    if (from < this.now() - CHANGE_MEMORY_MS) return 'unknown';
    let merged: CompanyChange | undefined;
    for (const entry of this.recent.get(companyId) ?? []) {
      if (entry.at < from) continue;
      merged = merged ? mergeChanges(merged, entry.change) : entry.change;
    }
    return merged ?? 'nothing';
  }

  private remember(companyId: string, change: CompanyChange): void {
    const at = this.now();
    const entries = this.recent.get(companyId) ?? [];
    entries.push({ at, change });
    this.recent.set(companyId, entries);
    // Forget what is older than the memory: this company's now, every company's at most once a minute.
    this.forgetBefore(companyId, entries, at - CHANGE_MEMORY_MS);
    if (at - this.lastSweep < 60_000) return;
    this.lastSweep = at;
    for (const [id, list] of this.recent) this.forgetBefore(id, list, at - CHANGE_MEMORY_MS);
  }

  private forgetBefore(companyId: string, entries: { at: number }[], before: number): void {
    const keep = entries.findIndex((entry) => entry.at >= before);
    if (keep === -1) this.recent.delete(companyId);
    else if (keep > 0) entries.splice(0, keep);
  }

  async close(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = undefined;
    this.listening = undefined;
    this.listeners.clear();
    this.recent.clear();
    this.rememberingSince = undefined;
    if (stop) await (await stop.catch(() => async () => {}))();
  }
}
