import type { Account } from '../accounts.ts';
import { call } from '../client.ts';
import type { Context } from '../context.ts';
import { Client, sleep } from '../load-client.ts';
import { ownerAfter, passed } from '../model.ts';
import { session } from '../sessions.ts';

/**
 * Owner transfer back and forth on Jade Harbor: each of the two reads its own companies/info; the one
 * that is owner renames the company and hands ownership to the other through the other process. Only
 * the owner can transfer, so a refusal, or a read that disagrees with the acknowledged transfers, is a bug.
 */
export async function ownerTransfers(
  ctx: Context,
  index: number,
  me: Account,
  partner: Account,
): Promise<void> {
  const client = new Client(ctx, index);
  const { recorder, model, world, runId } = ctx;
  const myId = world.userId.get(me.email) as string;
  const partnerId = world.userId.get(partner.email) as string;
  const tokens = await session(client, me);
  const token = tokens.idToken;
  const chain = model.ownerChain;
  for (let n = 1; client.running() && !chain.broken; n++) {
    const target = client.next();
    const before = { acknowledged: chain.acknowledged, pending: chain.pending };
    const info = await call(
      recorder,
      target,
      'reseller companies/info',
      'GET',
      '/api/reseller/v1/companies/info',
      { token },
    );
    if (!info.ok) continue;
    const owner = info.json.owner === true;
    // The owners the chain allows between the request and its answer.
    const possible = new Set<string>();
    for (
      let i = before.acknowledged;
      i <= chain.acknowledged + Math.max(before.pending, chain.pending);
      i++
    ) {
      possible.add(ownerAfter(chain, i));
    }
    const settled = before.pending === 0 && chain.pending === 0 && before.acknowledged === chain.acknowledged;
    if (
      (owner && !possible.has(myId)) ||
      (!owner && settled && ownerAfter(chain, chain.acknowledged) === myId)
    ) {
      recorder.error(
        'stale read',
        `${me.email} owner=${owner} after ${chain.acknowledged} acknowledged transfers`,
      );
      continue;
    }
    if (!owner) {
      await sleep(5);
      continue;
    }
    const name = `Jade Harbor Technologies ${runId}-${n}`;
    const rename = await call(
      recorder,
      client.nextFor('rename'),
      'reseller company rename',
      'PATCH',
      '/api/reseller/v1/companies/info',
      {
        token,
        body: { name },
      },
    );
    if (rename.ok) model.companyName.set(world.jade, name);
    const via = client.nextFor('transfer');
    chain.pending += 1;
    const transfer = await call(
      recorder,
      via,
      'reseller owner transfer',
      'POST',
      `/api/reseller/v1/companies/${world.jade}/users/${partnerId}/owner`,
      {
        token,
        expect: [204],
      },
    );
    chain.pending -= 1;
    if (!transfer.ok) {
      chain.broken = true;
      continue;
    }
    chain.acknowledged += 1;
    const after = await call(
      recorder,
      client.other(via),
      'reseller companies/info',
      'GET',
      '/api/reseller/v1/companies/info',
      {
        token,
      },
    );
    // The partner may have handed it back meanwhile only if it saw itself owner: pending or acknowledged.
    if (
      after.ok &&
      after.json.owner === true &&
      chain.pending === 0 &&
      ownerAfter(chain, chain.acknowledged) !== myId
    ) {
      recorder.error('stale read', `${me.email} still owner after the transfer`);
    } else if (after.ok) passed(model, 'owner transfer read back at the other process');
  }
}
