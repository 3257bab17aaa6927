import type { Account } from '../accounts.ts';
import { call } from '../client.ts';
import type { Context } from '../context.ts';
import { Client } from '../load-client.ts';
import { passed } from '../model.ts';
import { companyToken, session } from '../sessions.ts';

/** Customer metadata edits and remote-access request/abort on the writer's own two customers. */
export async function customerWriter(
  ctx: Context,
  index: number,
  account: Account,
  metadataOrg: string,
  remoteOrg: string,
): Promise<void> {
  const client = new Client(ctx, index);
  const { recorder, model, world, runId } = ctx;
  const tokens = await session(client, account);
  const token = tokens.idToken;
  const company = await companyToken(client, tokens, world.northwind);
  for (let n = 1; client.running(); n++) {
    const requesting = model.requesting.get(remoteOrg);
    const target = client.nextFor(n % 2 === 1 ? 'metadata' : requesting ? 'abort' : 'request');
    if (n % 2 === 1) {
      const reference = `B${runId}-${index}-${n}`;
      const answer = await call(
        recorder,
        target,
        'default metadata edit',
        'PATCH',
        `/api/default/v1/organizations/${metadataOrg}/metadata`,
        {
          token,
          body: { reference },
        },
      );
      if (!answer.ok) continue;
      model.metadata.set(metadataOrg, reference);
      const back = await call(
        recorder,
        client.other(target),
        'default metadata',
        'GET',
        `/api/default/v1/organizations/${metadataOrg}/metadata`,
        {
          token,
        },
      );
      if (back.ok && back.json.reference !== reference) {
        recorder.error('stale read', `metadata reference ${back.json.reference} ≠ ${reference}`);
      } else if (back.ok) passed(model, 'metadata edit read back at the other process');
    } else {
      const answer = requesting
        ? await call(
            recorder,
            target,
            'default remote-access abort',
            'DELETE',
            `/api/default/v1/organizations/${remoteOrg}/remote-access-request`,
            {
              token,
              expect: [204],
            },
          )
        : await call(
            recorder,
            target,
            'default remote-access request',
            'POST',
            `/api/default/v1/organizations/${remoteOrg}/vortex-send-request`,
            {
              token,
              expect: [202],
            },
          );
      if (!answer.ok) continue;
      model.requesting.set(remoteOrg, !requesting);
      if (!company) continue;
      const info = await call(
        recorder,
        client.other(target),
        'user-portal customer info',
        'GET',
        `/api/user-portal/organizations/${remoteOrg}/info`,
        {
          token: company,
        },
      );
      if (info.ok && info.json.remoteAccess?.requesting !== !requesting) {
        recorder.error(
          'stale read',
          `remote access requesting ${info.json.remoteAccess?.requesting} ≠ ${!requesting}`,
        );
      } else if (info.ok) passed(model, 'remote-access change read back at the other process');
    }
  }
}
