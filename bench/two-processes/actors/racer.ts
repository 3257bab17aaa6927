import { ACCOUNTS } from '../accounts.ts';
import type { Context } from '../context.ts';
import { Client } from '../load-client.ts';
import { raceMemberCreation } from '../races/member-race.ts';
import { raceMetadataEdits } from '../races/metadata-race.ts';
import { type Pinecrest, raceOwnerTransfer } from '../races/owner-transfer-race.ts';
import { raceRound } from '../races/race-round.ts';
import { raceRemoteAccess } from '../races/remote-access-race.ts';
import { companyToken, session } from '../sessions.ts';

/**
 * The same write sent to both processes at the same moment, four kinds in turn: one duplicate member
 * creation (one 201, one 409), the double deletion of that member, two remote-access requests and two
 * aborts for one customer (one 202/204, one 409), two metadata edits of one field (both 200, both
 * processes then agree on one of them), and two owner transfers by Pinecrest's owner (one 204, one 403).
 */
export async function racer(ctx: Context, index: number): Promise<void> {
  const client = new Client(ctx, index);
  const { world, pool } = ctx;
  const owner = (await session(client, ACCOUNTS.northwindOwner)).idToken;
  const member = await session(client, ACCOUNTS.northwindMember);
  const company = await companyToken(client, member, world.northwind);
  const pinecrestAccounts = [ACCOUNTS.pinecrestOwner, ACCOUNTS.pinecrestMember];
  const tokens = [
    (await session(client, ACCOUNTS.pinecrestOwner)).idToken,
    (await session(client, ACCOUNTS.pinecrestMember)).idToken,
  ];
  const ids = pinecrestAccounts.map((account) => world.userId.get(account.email) as string);
  const pinecrestCompany = (
    await pool.query<{ company_id: string }>('select company_id from users where id = $1', [ids[0]])
  ).rows[0]?.company_id as string;
  const pinecrest: Pinecrest = { tokens, ids, company: pinecrestCompany, owner: 0 };
  const remoteOrg = world.writableOrgs[4]?.id as string;
  const metadataOrg = world.writableOrgs[5]?.id as string;
  for (let n = 0; client.running(); n++) {
    const round = raceRound(ctx, n);
    const kind = n % 4;
    if (kind === 0) await raceMemberCreation(round, owner);
    else if (kind === 1) await raceRemoteAccess(round, member.idToken, company, remoteOrg);
    else if (kind === 2) await raceMetadataEdits(round, member.idToken, owner, metadataOrg);
    else await raceOwnerTransfer(round, pinecrest);
  }
}
