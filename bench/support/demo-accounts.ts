import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The demo accounts' passwords the server wrote to DATA_DIR/demo-accounts.json at start (they are
 * generated when the demo data is seeded), by email.
 */
export function readDemoPasswords(dataDir: string): Map<string, string> {
  const file = path.join(dataDir, 'demo-accounts.json');
  const accounts = JSON.parse(readFileSync(file, 'utf8')) as { email: string; password: string }[];
  return new Map(accounts.map((account) => [account.email, account.password]));
}

/** One demo account's password from DATA_DIR/demo-accounts.json. */
export function demoPassword(dataDir: string, email: string): string {
  const password = readDemoPasswords(dataDir).get(email);
  if (!password) throw new Error(`No demo account ${email} in ${dataDir}/demo-accounts.json`);
  return password;
}
