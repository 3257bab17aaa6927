import { ACCOUNTS } from '../accounts.ts';
import { call, type Target } from '../client.ts';
import type { Context } from '../context.ts';
import { Client } from '../load-client.ts';
import { passed } from '../model.ts';
import { session } from '../sessions.ts';

/** The Northwind owner: members created, renamed, deleted; the company renamed. Each read back at the other process. */
export async function memberWriter(ctx: Context, index: number, renamesCompany: boolean): Promise<void> {
  const client = new Client(ctx, index);
  const { recorder, model, world, runId } = ctx;
  const company = world.northwind;
  const tokens = await session(client, ACCOUNTS.northwindOwner);
  const token = tokens.idToken;
  /** The members this writer created and has not deleted (two writers work on the company at once). */
  const mine = new Set<string>();
  const membersAt = async (target: Target) => {
    const answer = await call(
      recorder,
      target,
      'reseller members',
      'GET',
      `/api/reseller/v1/companies/${company}/users`,
      {
        token,
      },
    );
    return answer.ok
      ? new Map((answer.json.items as { userId: string; name: string }[]).map((m) => [m.userId, m.name]))
      : undefined;
  };
  for (let n = 1; client.running(); n++) {
    const live = [...mine];
    let roll = n % 4 === 1 || live.length < 2 ? 1 : n % 4;
    if (roll === 0 && !renamesCompany) roll = 2;
    const target = client.nextFor(`member-${roll}`);
    if (roll === 0) {
      const name = `Northwind Security ${runId}-${n}`;
      const answer = await call(
        recorder,
        target,
        'reseller company rename',
        'PATCH',
        '/api/reseller/v1/companies/info',
        {
          token,
          body: { name },
        },
      );
      if (!answer.ok) continue;
      model.companyName.set(company, name);
      const info = await call(
        recorder,
        client.other(target),
        'reseller companies/info',
        'GET',
        '/api/reseller/v1/companies/info',
        {
          token,
        },
      );
      if (info.ok && info.json.name !== name)
        recorder.error('stale read', `company name ${info.json.name} ≠ ${name}`);
      else if (info.ok) passed(model, 'company name read back at the other process');
    } else if (roll === 1) {
      const email = `bench-${runId}-${index}-${n}@two-processes.test`;
      const name = `BenchMember${n}`;
      const answer = await call(
        recorder,
        target,
        'reseller member create',
        'POST',
        `/api/reseller/v1/companies/${company}/users`,
        {
          token,
          body: { email, name },
          expect: [201],
        },
      );
      if (!answer.ok) {
        model.uncertainEmails.add(email);
        continue;
      }
      model.members.set(answer.json.userId, { email, name });
      mine.add(answer.json.userId);
      const seen = await membersAt(client.other(target));
      if (seen && !seen.has(answer.json.userId))
        recorder.error('stale read', `created member ${email} not listed`);
      else if (seen) passed(model, 'member creation read back at the other process');
    } else if (roll === 2) {
      const id = live[n % live.length]!;
      const name = `BenchRenamed${n}`;
      const answer = await call(
        recorder,
        target,
        'reseller member rename',
        'PATCH',
        `/api/reseller/v1/users/${id}`,
        {
          token,
          body: { name },
        },
      );
      if (!answer.ok) continue;
      model.members.get(id)!.name = name;
      const seen = await membersAt(client.other(target));
      if (seen && seen.get(id) !== name)
        recorder.error('stale read', `member ${id} named ${seen.get(id)} ≠ ${name}`);
      else if (seen) passed(model, 'member rename read back at the other process');
    } else {
      const id = live[0]!;
      const answer = await call(
        recorder,
        target,
        'reseller member delete',
        'DELETE',
        `/api/reseller/v1/companies/${company}/users/${id}`,
        {
          token,
          expect: [204],
        },
      );
      if (!answer.ok) continue;
      model.deleted.set(id, model.members.get(id)!.email);
      model.members.delete(id);
      mine.delete(id);
      const seen = await membersAt(client.other(target));
      if (seen?.has(id)) recorder.error('stale read', `deleted member ${id} still listed`);
      else if (seen) passed(model, 'member deletion read back at the other process');
    }
  }
}
