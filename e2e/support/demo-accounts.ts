import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One entry of `$E2E_DATA_DIR/demo-accounts.json`, written by the e2e server at start-up. */
export interface DemoAccount {
  email: string;
  password: string;
  role: string;
  companyId: string;
  owner: boolean;
  temporary: boolean;
}

/**
 * A demo account of this run's server (see server/src/demo/hierarchy.ts). Only the demo smoke spec signs
 * in with one; every other journey makes its own data (fixtures.ts).
 */
export function demoAccount(email: string): DemoAccount {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  const accounts = JSON.parse(readFileSync(path.join(dir, 'demo-accounts.json'), 'utf8')) as DemoAccount[];
  const account = accounts.find((a) => a.email.toLowerCase() === email.toLowerCase());
  if (!account) throw new Error(`No demo account ${email} in demo-accounts.json`);
  return account;
}
