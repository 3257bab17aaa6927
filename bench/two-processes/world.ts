import type pg from 'pg';
import { ACCOUNTS } from './accounts.ts';

/** Ids read from the seeded database before the load. */
export interface World {
  userId: Map<string, string>;
  northwind: string;
  jade: string;
  /**
   * Northwind customers with a contact e-mail: metadata (owner), metadata (member), remote (owner),
   * remote (member), remote (race), metadata (race).
   */
  writableOrgs: { id: string; requesting: boolean }[];
  /** Per company: the customer and site with the most devices (device lists). */
  bigSite: Map<string, { orgId: string; siteId: string; devices: number }>;
}

export async function loadWorld(pool: pg.Pool): Promise<World> {
  const emails = Object.values(ACCOUNTS).map((a) => a.email);
  const users = await pool.query<{ id: string; email: string; company_id: string }>(
    'select id, email, company_id from users where email = any($1)',
    [emails],
  );
  const userId = new Map(users.rows.map((row) => [row.email, row.id]));
  for (const email of emails) if (!userId.has(email)) throw new Error(`demo account ${email} missing`);
  const companyOf = (email: string) => users.rows.find((row) => row.email === email)?.company_id as string;
  const northwind = companyOf(ACCOUNTS.northwindOwner.email);
  const jade = companyOf(ACCOUNTS.jadeOwner.email);
  const orgs = await pool.query<{ id: string; remote_access_requesting: boolean }>(
    `select id, remote_access_requesting from organizations
     where company_id = $1 and contact_email <> '' and not remote_access_enabled
     order by name, id limit 6`,
    [northwind],
  );
  if (orgs.rows.length < 6) throw new Error('Northwind needs 6 customers with a contact e-mail');
  const bigSite = new Map<string, { orgId: string; siteId: string; devices: number }>();
  for (const company of [northwind, jade]) {
    const site = await pool.query<{ organization_id: string; site_id: string; devices: number }>(
      `select organization_id, site_id, count(*)::int as devices from devices where company_id = $1
       group by organization_id, site_id order by count(*) desc, site_id limit 1`,
      [company],
    );
    const row = site.rows[0];
    if (!row) throw new Error(`company ${company} has no devices`);
    bigSite.set(company, { orgId: row.organization_id, siteId: row.site_id, devices: row.devices });
  }
  return {
    userId,
    northwind,
    jade,
    writableOrgs: orgs.rows.map((row) => ({ id: row.id, requesting: row.remote_access_requesting })),
    bigSite,
  };
}
