import type { Account } from './accounts.ts';
import { call, type Tokens } from './client.ts';
import { type Client, sleep } from './load-client.ts';

/** Signs in until it works (errors are counted; the load goes on). */
export async function session(client: Client, account: Account, srp = false): Promise<Tokens> {
  for (;;) {
    const tokens = await client.signIn(account, srp);
    if (tokens) return tokens;
    await sleep(200);
  }
}

/** The company token a dealer screen takes with the session (reseller vortextoken). */
export async function companyToken(
  client: Client,
  session: Tokens,
  companyId: string,
): Promise<string | undefined> {
  const answer = await call(
    client.ctx.recorder,
    client.nextFor('vortextoken'),
    'reseller vortextoken',
    'POST',
    '/api/reseller/auth/vortextoken',
    {
      token: session.idToken,
      body: { companyId },
    },
  );
  return answer.ok ? (answer.json.token as string) : undefined;
}

/** The organization token the platform's screens take with the session (reseller vsaas-token). */
export async function organizationToken(
  client: Client,
  session: Tokens,
  orgId: string,
): Promise<string | undefined> {
  const answer = await call(
    client.ctx.recorder,
    client.nextFor('vsaas-token'),
    'reseller vsaas-token',
    'POST',
    `/api/reseller/v1/organizations/${orgId}/vsaas-token`,
    { token: session.idToken },
  );
  return answer.ok ? (answer.json.token as string) : undefined;
}
