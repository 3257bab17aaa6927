import type { FastifyBaseLogger } from 'fastify';
import { CHANGES_CHANNEL, type ChangeKind, type ChangeNotice } from '../domain/incidents/changes.ts';
import type { Database } from '../infrastructure/db/database.ts';

export interface CompanyChange {
  kinds: ChangeKind[];
  /** Null: any of the company's customers. */
  organizationIds: string[] | null;
}

type Listener = (change: CompanyChange) => void;

/**
 * Fans the database's change notices (NOTIFY from whichever process applied a change) out to this process's
 * subscribers of each company (the screens' event streams). Listens only while someone subscribes.
 */
export class ChangeHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private stopListening: Promise<() => Promise<void>> | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Calls `listener` with each change of the company; returns the unsubscribe function. */
  subscribe(companyId: string, listener: Listener): () => void {
    this.stopListening ??= this.database.listen(CHANGES_CHANNEL, (payload) => this.dispatch(payload));
    this.stopListening.catch((error) => {
      this.log.error({ err: error }, 'change notices: could not listen');
      this.stopListening = undefined;
    });
    const set = this.listeners.get(companyId) ?? new Set();
    set.add(listener);
    this.listeners.set(companyId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(companyId);
    };
  }

  private dispatch(payload: string): void {
    let notice: ChangeNotice;
    try {
      notice = JSON.parse(payload) as ChangeNotice;
    } catch {
      return;
    }
    const set = this.listeners.get(notice.c);
    if (!set) return;
    for (const listener of set) listener({ kinds: notice.k, organizationIds: notice.o });
  }

  async close(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = undefined;
    this.listeners.clear();
    if (stop) await (await stop.catch(() => async () => {}))();
  }
}
