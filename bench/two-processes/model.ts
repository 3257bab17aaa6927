import { ACCOUNTS } from './accounts.ts';
import type { World } from './world.ts';

/** What the clients were told. */
export interface Model {
  members: Map<string, { email: string; name: string }>;
  deleted: Map<string, string>;
  /** Creations whose answer was an error: they may or may not exist. */
  uncertainEmails: Set<string>;
  companyName: Map<string, string>;
  metadata: Map<string, string>;
  requesting: Map<string, boolean>;
  /**
   * Jade Harbor's owner transfers form one chain (owner → member → owner …), since only the owner can
   * transfer: after `acknowledged` transfers the owner is known, and each of the `pending` ones (sent,
   * not yet answered) may have happened. `broken`: a transfer failed, its outcome is unknown.
   */
  ownerChain: { first: string; second: string; acknowledged: number; pending: number; broken: boolean };
  signIns: { password: number; srp: number };
  /** Pinecrest: two transfers at once, one through each process; only one may win. */
  pinecrestTransfers: number;
  races: Map<string, number>;
  crossChecks: Map<string, { passed: number; inconclusive: number }>;
}

export function newModel(world: World): Model {
  return {
    members: new Map(),
    deleted: new Map(),
    uncertainEmails: new Set(),
    companyName: new Map(),
    metadata: new Map(),
    requesting: new Map(world.writableOrgs.map((org) => [org.id, org.requesting])),
    ownerChain: {
      first: world.userId.get(ACCOUNTS.jadeOwner.email) as string,
      second: world.userId.get(ACCOUNTS.jadeMember.email) as string,
      acknowledged: 0,
      pending: 0,
      broken: false,
    },
    signIns: { password: 0, srp: 0 },
    pinecrestTransfers: 0,
    races: new Map(),
    crossChecks: new Map(),
  };
}

/** The owner after `transfers` transfers of the chain. */
export function ownerAfter(chain: Model['ownerChain'], transfers: number): string {
  return transfers % 2 === 0 ? chain.first : chain.second;
}

export function passed(model: Model, check: string, inconclusive = false): void {
  const entry = model.crossChecks.get(check) ?? { passed: 0, inconclusive: 0 };
  model.crossChecks.set(check, entry);
  if (inconclusive) entry.inconclusive += 1;
  else entry.passed += 1;
}
