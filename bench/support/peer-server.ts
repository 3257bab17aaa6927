/**
 * `node --import tsx bench/support/peer-server.ts PORT DATABASE_URL ISSUER 3|1`: a hand-written peer of
 * `GET /api/reseller/v1/companies/info` (Fastify + pg + jose, no framework of ours), the yardstick for what
 * the portal's request costs on top of the checks it must make. Same semantics: verify the id token
 * (RS256, issuer, expiry) with the pool's public key from the database, the sign-in behind it not revoked and
 * the pool user enabled, the user a member of a company, and the company's info (region, parent, the role's
 * hierarchy authorities), read fresh on every request. `3` makes three round trips, `1` one statement.
 */
import Fastify from 'fastify';
import { createLocalJWKSet, type JWK, jwtVerify } from 'jose';
import pg from 'pg';

const [port, databaseUrl, issuer, mode] = process.argv.slice(2);
if (!port || !databaseUrl || !issuer || (mode !== '1' && mode !== '3')) {
  throw new Error('usage: peer-server.ts PORT DATABASE_URL ISSUER 3|1');
}
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const { rows: keyRows } = await pool.query<{ public_jwk: JWK }>(
  "select public_jwk from identity_signing_keys where purpose in ('id', 'access')",
);
const jwks = createLocalJWKSet({ keys: keyRows.map((row) => row.public_jwk) });

const SESSION = `select s.sub, s.revoked_at, u.enabled from identity_refresh_tokens s
  left join identity_users u on u.sub = s.sub where s.origin_jti = $1`;
const MEMBER = `select u.id, u.company_id, c.owner_user_id, c.roles from users u
  join companies c on c.id = u.company_id where u.id = $1`;
const COMPANY = `select c.id, c.name, c.phone, c.roles, c.vendor, c.auto_generate_order_key,
  o.email as owner_email, r.name as region_name, r.latitude, r.longitude, p.id as parent_id, p.name as parent_name,
  rp.hierarchy_authorities
  from companies c join users o on o.id = c.owner_user_id left join regions r on r.id = c.region_id
  left join companies p on p.id = c.parent_company_id left join role_permissions rp on rp.role = $2
  where c.id = $1`;
/** All three as one statement: the session and membership checks are columns of the company row. */
const ALL_IN_ONE = `select s.revoked_at, iu.enabled, u.id as user_id, c.owner_user_id, c.id, c.name, c.phone,
  c.roles, c.vendor, c.auto_generate_order_key, o.email as owner_email, r.name as region_name, r.latitude,
  r.longitude, p.id as parent_id, p.name as parent_name, rp.hierarchy_authorities
  from identity_refresh_tokens s
  join identity_users iu on iu.sub = s.sub
  join users u on u.id = s.sub
  join companies c on c.id = u.company_id
  join users o on o.id = c.owner_user_id
  left join regions r on r.id = c.region_id
  left join companies p on p.id = c.parent_company_id
  left join role_permissions rp on rp.role = coalesce(c.roles[1], 'dealer')
  where s.origin_jti = $1 and s.sub = $2`;

interface CompanyRow {
  id: string;
  name: string;
  phone: string | null;
  roles: string[];
  vendor: string;
  auto_generate_order_key: boolean;
  owner_email: string;
  region_name: string | null;
  latitude: number | null;
  longitude: number | null;
  parent_id: string | null;
  parent_name: string | null;
  hierarchy_authorities: string[] | null;
}

function companyInfo(row: CompanyRow, isOwner: boolean) {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    ownerEmail: row.owner_email,
    region:
      row.region_name !== null && row.latitude !== null && row.longitude !== null
        ? { name: row.region_name, latitude: row.latitude, longitude: row.longitude }
        : null,
    type: row.roles,
    vendor: row.vendor,
    owner: isOwner,
    member: true,
    availableRoleList: row.roles,
    hierarchyAuth: row.hierarchy_authorities ?? [],
    hierarchyParent: row.parent_id && row.parent_name ? { id: row.parent_id, name: row.parent_name } : null,
    autoGenerateOrderKey: row.auto_generate_order_key,
  };
}

const app = Fastify({ logger: false });
app.get('/readyz', async () => ({ ok: true }));
app.get('/api/reseller/v1/companies/info', async (request, reply) => {
  const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (!token) return reply.code(401).send({ detail: 'Unauthorized' });
  let sub: string;
  let originJti: string;
  try {
    const { payload } = await jwtVerify(token, jwks, { issuer, algorithms: ['RS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.origin_jti !== 'string') throw new Error('claims');
    sub = payload.sub;
    originJti = payload.origin_jti;
  } catch {
    return reply.code(401).send({ detail: 'Unauthorized' });
  }
  if (mode === '1') {
    const { rows } = await pool.query({ name: 'all-in-one', text: ALL_IN_ONE, values: [originJti, sub] });
    const row = rows[0];
    if (!row || row.revoked_at || !row.enabled) return reply.code(401).send({ detail: 'Unauthorized' });
    return companyInfo(row, row.owner_user_id === row.user_id);
  }
  const session = (await pool.query({ name: 'session', text: SESSION, values: [originJti] })).rows[0];
  if (!session || session.revoked_at || session.sub !== sub || !session.enabled) {
    return reply.code(401).send({ detail: 'Unauthorized' });
  }
  const member = (await pool.query({ name: 'member', text: MEMBER, values: [sub] })).rows[0];
  if (!member) return reply.code(401).send({ detail: 'Unauthorized' });
  const role = member.roles[0] ?? 'dealer';
  const company = (await pool.query({ name: 'company', text: COMPANY, values: [member.company_id, role] }))
    .rows[0];
  if (!company) return reply.code(404).send({ detail: 'Company not found' });
  return companyInfo(company, member.owner_user_id === member.id);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => pool.end().then(() => process.exit(0))));
