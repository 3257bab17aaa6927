import { call } from '../client.ts';
import type { RaceRound } from './race-round.ts';

/** Two edits of one customer field at once, one per process (both 200): then both read one of the two. */
export async function raceMetadataEdits(
  round: RaceRound,
  member: string,
  owner: string,
  metadataOrg: string,
): Promise<void> {
  const { ctx, n, pair, both, race } = round;
  const { recorder, model, runId } = ctx;
  const values = pair.map((target) => `R${runId}-${n}-${target.name}`);
  const answers = await Promise.all(
    pair.map((target, i) =>
      call(
        recorder,
        target,
        'race metadata edit',
        'PATCH',
        `/api/default/v1/organizations/${metadataOrg}/metadata`,
        {
          token: member,
          body: { reference: values[i] },
        },
      ),
    ),
  );
  if (
    !race(
      'two metadata edits at once (200 + 200)',
      answers.map((answer) => answer.status),
      [200, 200],
    )
  )
    return;
  const seen = await both((target) =>
    call(
      recorder,
      target,
      'default metadata',
      'GET',
      `/api/default/v1/organizations/${metadataOrg}/metadata`,
      {
        token: owner,
      },
    ),
  );
  const references = seen.map((answer) => answer.json?.reference as string);
  if (references[0] !== references[1] || !values.includes(references[0] as string)) {
    recorder.error(
      'inconsistent',
      `after two edits ${values.join(', ')} the processes read ${references.join(', ')}`,
    );
  } else model.metadata.set(metadataOrg, references[0] as string);
}
