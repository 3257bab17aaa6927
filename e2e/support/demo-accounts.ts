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

/** The demo accounts the journeys use (SPEC roles; see server/src/demo/hierarchy.ts). */
export const DEMO = {
  /** Dealer, owner of Northwind. Lands on the customer list. */
  dealerOwner: 'owner@northwind.example',
  /** Dealer, member of Northwind. */
  dealerMember: 'member@northwind.example',
  /** Dealer member still on a temporary password (NEW_PASSWORD_REQUIRED). Prefer a fresh member: see api.ts. */
  temporaryMember: 'new.member@northwind.example',
  /** Dealer, owner of Jade Harbor (a second dealer company). */
  otherDealerOwner: 'owner@jadeharbor.example',
  /** Distributor owner. Lands on My Company. */
  disty: 'disty@pinecrest.example',
  /** HQ (hq-pm) owner. Lands on My Company. */
  hq: 'hq@lumora.example',
  /**
   * Distributor owner of Rhein Vision (no demo members), reserved for the company-* journeys: they rename
   * this company and move its ownership (always back again), so no other spec should sign in as it.
   */
  companyJourneyOwner: 'disty@rheinvision.example',
} as const;

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  return dir;
}

let cache: DemoAccount[] | null = null;

/** Every demo account of this run's server. */
export function readDemoAccounts(): DemoAccount[] {
  cache ??= JSON.parse(readFileSync(path.join(dataDir(), 'demo-accounts.json'), 'utf8')) as DemoAccount[];
  return cache;
}

/** The demo account with this email (case-insensitive); throws when the server did not create it. */
export function demoAccount(email: string): DemoAccount {
  const account = readDemoAccounts().find((a) => a.email.toLowerCase() === email.toLowerCase());
  if (!account) throw new Error(`No demo account ${email} in demo-accounts.json`);
  return account;
}

/** A directory of this run for files the helpers keep (storage states). */
export function runFile(...parts: string[]): string {
  return path.join(dataDir(), 'e2e', ...parts);
}
