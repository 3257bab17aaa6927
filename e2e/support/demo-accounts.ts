import type { DemoAccountEntry } from '@portal/server/testkit';
import { kitCall, mainKit } from './test-kit.ts';

/**
 * A demo account of this run's server (server/src/demo/hierarchy.ts), as the test kit lists them. Only the demo
 * smoke spec signs in with one; every other journey makes its own data (fixtures.ts).
 */
export async function demoAccount(email: string, kit = mainKit()): Promise<DemoAccountEntry> {
  const accounts = (await kitCall(kit, 'GET', '/demo-accounts')) as DemoAccountEntry[];
  const account = accounts.find((a) => a.email.toLowerCase() === email.toLowerCase());
  if (!account) throw new Error(`No demo account ${email} on the server under test`);
  return account;
}
