import { parseArgs } from 'node:util';
import { type CheckStatus, doctorChecks } from '../operations/doctor/doctor.ts';

const MARK: Record<CheckStatus, string> = { ok: 'ok  ', warn: 'WARN', fail: 'FAIL' };

/**
 * `npm run doctor [-- --strict]`: checks the configuration (the environment, as `npm start` would read it)
 * and its database without starting the server; prints one line per check and exits 1 when any failed
 * (with --strict, also when one warned).
 */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { strict: { type: 'boolean', default: false } } });
  const checks = await doctorChecks(process.env);
  for (const check of checks) {
    const [first, ...rest] = check.detail.split('\n');
    console.info(`${MARK[check.status]}  ${check.name}: ${first}`);
    for (const line of rest) console.info(`        ${line}`);
  }
  const failed = checks.filter((c) => c.status === 'fail' || (values.strict && c.status === 'warn'));
  console.info(failed.length === 0 ? 'nothing wrong found' : `${failed.length} problem(s) found`);
  return failed.length === 0 ? 0 : 1;
}

process.exitCode = await main();
