import { call } from '../client.ts';
import type { RaceRound } from './race-round.ts';

/** Pinecrest's owner and its other member; `owner` indexes who owns the company now. */
export interface Pinecrest {
  tokens: string[];
  ids: string[];
  company: string;
  owner: number;
}

/** Pinecrest's owner hands the company over at both processes at once: one 204, one 403. */
export async function raceOwnerTransfer(round: RaceRound, pinecrest: Pinecrest): Promise<void> {
  const { ctx, both, race } = round;
  const { recorder, model, pool } = ctx;
  const from = pinecrest.owner;
  const to = 1 - from;
  const answers = await both((target) =>
    call(
      recorder,
      target,
      'race owner transfer',
      'POST',
      `/api/reseller/v1/companies/${pinecrest.company}/users/${pinecrest.ids[to]}/owner`,
      {
        token: pinecrest.tokens[from],
        expect: [204, 403],
      },
    ),
  );
  race(
    'two owner transfers at once (204 + 403)',
    answers.map((answer) => answer.status),
    [204, 403],
  );
  if (answers.some((answer) => answer.status === 204)) {
    pinecrest.owner = to;
    model.pinecrestTransfers += 1;
  }
  const row = await pool.query<{ owner_user_id: string }>(
    'select owner_user_id from companies where id = $1',
    [pinecrest.company],
  );
  if (row.rows[0]?.owner_user_id !== pinecrest.ids[pinecrest.owner]) {
    recorder.error(
      'inconsistent',
      `Pinecrest owner ${row.rows[0]?.owner_user_id} ≠ ${pinecrest.ids[pinecrest.owner]}`,
    );
  }
}
