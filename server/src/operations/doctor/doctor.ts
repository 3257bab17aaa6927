import path from 'node:path';
import { type Config, ConfigError, loadConfig } from '../../infrastructure/config/config.ts';
import type { Check, DoctorOptions } from './check.ts';
import { databaseChecks } from './database-checks.ts';
import { diskCheck } from './disk-check.ts';
import { smtpCheck } from './smtp-check.ts';

export type { Check, CheckStatus, DoctorOptions } from './check.ts';

/**
 * `npm run doctor`: what an operator wants to know before (re)starting the portal, without starting it:
 * does the configuration parse, is the database reachable, recent enough and migrated, are the keys there,
 * does the SMTP server answer, is there disk space. `fail` makes the exit code 1; `warn` only with --strict.
 */
export async function doctorChecks(env: NodeJS.ProcessEnv, options: DoctorOptions = {}): Promise<Check[]> {
  const checks: Check[] = [];
  let config: Config | undefined;
  try {
    config = loadConfig(env);
    checks.push({
      name: 'configuration',
      status: 'ok',
      detail: `MODE=${config.MODE}, ${config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}`}, PUBLIC_URL ${config.PUBLIC_URL}`,
    });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    checks.push({ name: 'configuration', status: 'fail', detail: error.message });
  }
  // Whatever the configuration's problems, the database and the disk can still be looked at.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const databaseUrl = config?.DATABASE_URL ?? cleaned.DATABASE_URL;
  const dataDir =
    config?.DATA_DIR ?? path.resolve(cleaned.INIT_CWD ?? process.cwd(), cleaned.DATA_DIR ?? './data');

  const keys = {
    mode: config?.MODE ?? cleaned.MODE ?? 'demo',
    fromEnvironment: Boolean(
      cleaned.IDENTITY_ADMIN_ACCESS_KEY_ID && cleaned.IDENTITY_ADMIN_SECRET_ACCESS_KEY,
    ),
  };
  checks.push(...(await databaseChecks(databaseUrl, dataDir, keys)));
  checks.push(await smtpCheck(config?.SMTP_URL ?? cleaned.SMTP_URL, config?.MODE ?? cleaned.MODE, options));
  checks.push(await diskCheck(dataDir, options));
  return checks;
}
