/**
 * The mixed load: every client sends each request to the next process in turn (A, B, A, …), and after a
 * write it reads the result back through the other process. What the clients were told (acknowledged
 * writes) is kept in `Model`, which the final checks compare with the API of both processes and with SQL.
 * Each client is an actor of its own in actors/; this file is the cast.
 */
import { ACCOUNTS } from './accounts.ts';
import { customerWriter } from './actors/customer-writer.ts';
import { dealerReader } from './actors/dealer-reader.ts';
import { lockoutChurn } from './actors/lockout-churn.ts';
import { memberWriter } from './actors/member-writer.ts';
import { ownerTransfers } from './actors/owner-transfers.ts';
import { racer } from './actors/racer.ts';
import { sessionChurn } from './actors/session-churn.ts';
import type { Context } from './context.ts';

/** Every client of the mixed load, run until ctx.until. */
export async function runLoad(ctx: Context): Promise<void> {
  const { world } = ctx;
  const [metaOwner, metaMember, remoteOwner, remoteMember] = world.writableOrgs.map((org) => org.id) as [
    string,
    string,
    string,
    string,
  ];
  let index = 0;
  const clients = [
    dealerReader(ctx, index++, ACCOUNTS.priya, world.northwind),
    dealerReader(ctx, index++, ACCOUNTS.diego, world.northwind),
    dealerReader(ctx, index++, ACCOUNTS.kevin, world.jade),
    dealerReader(ctx, index++, ACCOUNTS.amy, world.jade),
    memberWriter(ctx, index++, true),
    memberWriter(ctx, index++, false),
    customerWriter(ctx, index++, ACCOUNTS.northwindOwner, metaOwner, remoteOwner),
    customerWriter(ctx, index++, ACCOUNTS.northwindMember, metaMember, remoteMember),
    ownerTransfers(ctx, index++, ACCOUNTS.jadeOwner, ACCOUNTS.jadeMember),
    ownerTransfers(ctx, index++, ACCOUNTS.jadeMember, ACCOUNTS.jadeOwner),
    sessionChurn(ctx, index++),
    racer(ctx, index++),
    lockoutChurn(ctx, index++),
  ];
  const results = await Promise.allSettled(clients);
  for (const result of results) {
    if (result.status === 'rejected')
      ctx.recorder.error('inconsistent', `client crashed: ${String(result.reason?.stack ?? result.reason)}`);
  }
}
