/**
 * How many event streams this process holds per member and per company (issue 23 item 8), so that one
 * token cannot hold a thousand of them. Counted per process on purpose (decision 0004): what a stream costs
 * (a socket, a change-hub listener, timers) is this process's; a count shared in the database would need
 * every stream to keep a row alive and a crashed process's rows to expire, and would lock members out of
 * live updates until they did. Across N processes a member holds at most N × the limit.
 */
export interface StreamLimits {
  perMember: number;
  perCompany: number;
}

export type SlotRefusal = 'member' | 'company';

export class StreamSlots {
  private readonly members = new Map<string, number>();
  private readonly companies = new Map<string, number>();

  constructor(private readonly limits: StreamLimits) {}

  /** A slot for one more stream of the member (of the company), with its release; or the limit reached. */
  take(memberId: string, companyId: string): { release: () => void } | SlotRefusal {
    if ((this.members.get(memberId) ?? 0) >= this.limits.perMember) return 'member';
    if ((this.companies.get(companyId) ?? 0) >= this.limits.perCompany) return 'company';
    bump(this.members, memberId, 1);
    bump(this.companies, companyId, 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        bump(this.members, memberId, -1);
        bump(this.companies, companyId, -1);
      },
    };
  }
}

function bump(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}
