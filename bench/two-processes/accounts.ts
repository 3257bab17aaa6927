/** The demo accounts the load signs in with; their passwords are generated when the first server seeds. */
import { readDemoPasswords } from '../support/demo-accounts.ts';

const demoPasswords = new Map<string, string>();

/** Reads the demo passwords the first server wrote (DATA_DIR/demo-accounts.json); call once it is up. */
export function useDemoPasswords(dataDir: string): void {
  for (const [email, password] of readDemoPasswords(dataDir)) demoPasswords.set(email, password);
}

/** A demo account; its password is generated at seeding, so it is read when first needed. */
const account = (email: string) => ({
  email,
  get password(): string {
    const password = demoPasswords.get(email);
    if (!password) throw new Error(`no demo password for ${email}: call useDemoPasswords first`);
    return password;
  },
});

export const ACCOUNTS = {
  northwindOwner: account('owner@northwind.example'),
  northwindMember: account('member@northwind.example'),
  priya: account('priya@northwind.example'),
  diego: account('diego@northwind.example'),
  jadeOwner: account('owner@jadeharbor.example'),
  jadeMember: account('member@jadeharbor.example'),
  kevin: account('kevin@jadeharbor.example'),
  amy: account('amy@jadeharbor.example'),
  pinecrestOwner: account('disty@pinecrest.example'),
  pinecrestMember: account('sales@pinecrest.example'),
  /** Sign-in, refresh, revoke and global sign-out, over and over. */
  sessions: account('hq.member@lumora.example'),
  /** Wrong passwords until locked, then the right one through the other process. */
  lockout: account('disty@rheinvision.example'),
} as const;
export type Account = ReturnType<typeof account>;
