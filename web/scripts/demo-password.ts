import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A demo account's password, from the running server's demo-accounts.json: in DATA_DIR when set, else
 * the repository's data/ (where `npm start` keeps it). Demo passwords are generated at first seed.
 */
export function demoPassword(email: string): string {
  const dataDir = process.env.DATA_DIR ?? fileURLToPath(new URL('../../data/', import.meta.url));
  const file = path.join(dataDir, 'demo-accounts.json');
  const accounts = JSON.parse(readFileSync(file, 'utf8')) as { email: string; password: string }[];
  const account = accounts.find((entry) => entry.email === email);
  if (!account) throw new Error(`No demo account ${email} in ${file}`);
  return account.password;
}
