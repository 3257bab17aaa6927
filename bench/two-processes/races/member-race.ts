import { call } from '../client.ts';
import type { RaceRound } from './race-round.ts';

/**
 * Northwind's owner creates one member at both processes at once (one 201, one 409; exactly one identity
 * account), then deletes it at both at once (one 204, one 404).
 */
export async function raceMemberCreation(round: RaceRound, owner: string): Promise<void> {
  const { ctx, n, both, race } = round;
  const { recorder, model, world, runId, pool } = ctx;
  const email = `bench-${runId}-race-${n}@two-processes.test`;
  const created = await both((target) =>
    call(
      recorder,
      target,
      'race member create',
      'POST',
      `/api/reseller/v1/companies/${world.northwind}/users`,
      {
        token: owner,
        body: { email, name: `Race${n}` },
        expect: [201, 409],
      },
    ),
  );
  const winner = created.find((answer) => answer.status === 201);
  if (
    !race(
      'duplicate member creation (201 + 409)',
      created.map((answer) => answer.status),
      [201, 409],
    ) ||
    !winner
  ) {
    model.uncertainEmails.add(email);
    return;
  }
  const id = winner.json.userId as string;
  model.members.set(id, { email, name: `Race${n}` });
  const accounts = await pool.query<{ sub: string }>(
    'select sub from identity_users where lower(email) = $1',
    [email],
  );
  if (accounts.rows.length !== 1 || accounts.rows[0]?.sub !== id) {
    recorder.error(
      'inconsistent',
      `duplicate creation of ${email} left ${accounts.rows.length} identity accounts`,
    );
  }
  const deleted = await both((target) =>
    call(
      recorder,
      target,
      'race member delete',
      'DELETE',
      `/api/reseller/v1/companies/${world.northwind}/users/${id}`,
      {
        token: owner,
        expect: [204, 404],
      },
    ),
  );
  race(
    'double member deletion (204 + 404)',
    deleted.map((answer) => answer.status),
    [204, 404],
  );
  if (deleted.some((answer) => answer.status === 204)) {
    model.members.delete(id);
    model.deleted.set(id, email);
  }
}
