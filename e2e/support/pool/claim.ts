import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type CompanyKind, claimsDir, type PoolCompany, poolFile } from './plan.ts';

function mainDataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  return dir;
}

const pools = new Map<string, PoolCompany[]>();

function seededCompanies(dataDir: string): PoolCompany[] {
  let pool = pools.get(dataDir);
  if (!pool) {
    pool = JSON.parse(readFileSync(poolFile(dataDir), 'utf8')) as PoolCompany[];
    pools.set(dataDir, pool);
  }
  return pool;
}

/**
 * A seeded company of this kind that no test has claimed yet, now this caller's alone. The claim is an
 * empty file created exclusively ('wx'), so parallel workers never get the same company; a company is
 * claimed once per run (a retry claims a fresh one).
 */
export function claimCompany(kind: CompanyKind, dataDir = mainDataDir()): PoolCompany {
  const dir = claimsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  for (const company of seededCompanies(dataDir)) {
    if (company.kind !== kind) continue;
    try {
      closeSync(openSync(path.join(dir, company.companyId), 'wx'));
      return company;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`Every seeded '${kind}' company is claimed: raise its count in e2e/support/pool/plan.ts`);
}
