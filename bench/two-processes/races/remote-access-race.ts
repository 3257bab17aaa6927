import { call } from '../client.ts';
import type { RaceRound } from './race-round.ts';

/**
 * A Northwind member requests remote access to one customer at both processes at once (one 202, one 409),
 * then aborts it the same way (one 204, one 409); both processes then show the customer's state.
 */
export async function raceRemoteAccess(
  round: RaceRound,
  member: string,
  company: string | undefined,
  remoteOrg: string,
): Promise<void> {
  const { ctx, both, race } = round;
  const { recorder, model } = ctx;
  for (const step of ['request', 'abort'] as const) {
    const answers = await both((target) =>
      step === 'request'
        ? call(
            recorder,
            target,
            'race remote-access request',
            'POST',
            `/api/default/v1/organizations/${remoteOrg}/vortex-send-request`,
            {
              token: member,
              expect: [202, 409],
            },
          )
        : call(
            recorder,
            target,
            'race remote-access abort',
            'DELETE',
            `/api/default/v1/organizations/${remoteOrg}/remote-access-request`,
            {
              token: member,
              expect: [204, 409],
            },
          ),
    );
    const won = step === 'request' ? 202 : 204;
    race(
      `remote-access ${step} twice (${won} + 409)`,
      answers.map((answer) => answer.status),
      [won, 409],
    );
    if (answers.some((answer) => answer.status === won)) model.requesting.set(remoteOrg, step === 'request');
    if (!company) continue;
    const seen = await both((target) =>
      call(
        recorder,
        target,
        'user-portal customer info',
        'GET',
        `/api/user-portal/organizations/${remoteOrg}/info`,
        {
          token: company,
        },
      ),
    );
    for (const answer of seen) {
      if (answer.ok && answer.json.remoteAccess?.requesting !== (step === 'request')) {
        recorder.error(
          'stale read',
          `after the ${step} race requesting = ${answer.json.remoteAccess?.requesting}`,
        );
      }
    }
  }
}
