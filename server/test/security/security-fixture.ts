import { decodeJwt, SignJWT } from 'jose';
import { tenantIssuer } from '../../src/auth/tenant-tokens.ts';
import { createApiKey, revokeApiKey } from '../../src/domain/api-keys/api-keys.ts';
import { createIngestKey } from '../../src/domain/ingest/ingest-keys.ts';
import { signingKey } from '../../src/infrastructure/secrets/signing-keys.ts';
import { type BuiltCompany, type BuiltUser, buildCompany, buildMember } from '../helpers/factories.ts';
import {
  buildCustomer,
  buildDevice,
  buildIncident,
  buildService,
  buildSite,
  companyToken,
  organizationToken,
} from '../helpers/platform-factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import type { TestApp } from '../helpers/test-app.ts';

/**
 * Two dealer companies and a distributor, one customer with a site, a device and a service, and every
 * kind of credential.
 */
export interface SecurityFixture {
  acme: BuiltCompany;
  acmeMember: BuiltUser;
  other: BuiltCompany;
  distributor: BuiltCompany;
  ids: {
    orgId: string;
    siteId: string;
    deviceId: string;
    serviceId: string;
    incidentId: string;
    webhookId: string;
  };
  credentials: {
    /** A VORTEX ingest key (the fixture's device is a first-platform camera). */
    ingestKey: string;
    ownerSession: string;
    memberSession: string;
    otherSession: string;
    company: string;
    organization: string;
    otherCompany: string;
    otherOrganization: string;
    expiredSession: string;
    expiredTenant: string;
    revokedSession: string;
    revokedTenant: string;
    /** Derived from a sign-in that was then signed out everywhere (the member still exists). */
    signedOutCompany: string;
    signedOutOrganization: string;
    /** A member of the distributor: its session and derived tokens (claiming role dealer, wrongly). */
    distributorOwnerSession: string;
    distributorSession: string;
    distributorCompany: string;
    distributorOrganization: string;
    /** Issue 16: owners of an HQ and of a region company (Acme is below neither by parent link). */
    hqSession: string;
    regionSession: string;
    /** HQ's read-only view of Acme (drill-down): a company token and an organization token of Acme's customer. */
    hqViewCompany: string;
    hqViewOrganization: string;
    /** HQ's read-only view of Other (issue 23): it must not reach Acme's customers. */
    hqViewOtherCompany: string;
    hqViewOtherOrganization: string;
    /** Partner-API keys (issue 27): Acme's with both scopes, with one scope each, revoked; Other's; HQ's. */
    apiKey: string;
    apiKeyReadOnly: string;
    apiKeyWriteOnly: string;
    revokedApiKey: string;
    otherApiKey: string;
    hqApiKey: string;
  };
}

const apiKeyOf = async (
  t: TestApp,
  company: BuiltCompany,
  scopes: ('read' | 'incidents:write')[],
  revoked = false,
) => {
  const manager = { userId: company.owner.id, companyId: company.id };
  const from = { address: '127.0.0.1', userAgent: null };
  const created = await createApiKey(
    t.app.db,
    manager,
    { name: `Fixture ${scopes.join(' ')}`, scopes },
    from,
  );
  if (revoked) await revokeApiKey(t.app.db, manager, created.id, from);
  // Used once, as a partner's tool would have: its first address is audited now, not in a suite's call.
  else {
    await t.app.inject({ method: 'GET', url: '/api/partner/v1/licenses', headers: bearer(created.key) });
    await t.app.apiKeyUsage.flush();
  }
  return created.key;
};

export async function buildSecurityFixture(t: TestApp): Promise<SecurityFixture> {
  const db = t.app.db;
  const acme = await buildCompany(db, { name: 'Acme' });
  const acmeMember = await buildMember(db, acme);
  const victim = await buildMember(db, acme);
  const other = await buildCompany(db, { name: 'Other' });
  const customer = await buildCustomer(db, acme, { remote_access_enabled: true });
  const site = await buildSite(db, customer);
  const device = await buildDevice(db, site);
  const service = await buildService(db, site);
  const otherCustomer = await buildCustomer(db, other);

  const owner = await signIn(t.app, acme.owner.email, acme.owner.password);
  const company = await companyToken(t.app, acme);

  // Expired: the very claims of real tokens, correctly signed, but an hour past their expiry.
  const past = Math.floor(Date.now() / 1000) - 7200;
  const accessKey = await signingKey(db, 'access');
  const expiredSession = await new SignJWT({ ...decodeJwt(owner.accessToken), iat: past, exp: past + 3600 })
    .setProtectedHeader({ alg: 'RS256', kid: accessKey.kid })
    .sign(accessKey.privateKey);
  const tenantKey = await signingKey(db, 'tenant');
  const expiredTenant = await new SignJWT({ ...decodeJwt(company), iat: past, exp: past + 3600 })
    .setProtectedHeader({ alg: 'RS256', kid: tenantKey.kid })
    .setIssuer(tenantIssuer(t.config.PUBLIC_URL))
    .sign(tenantKey.privateKey);

  // Revoked: a sign-in that was signed out everywhere, and tenant tokens of a member since deleted.
  const revoked = await signIn(t.app, victim.email, victim.password);
  const revokedTenant = await companyToken(t.app, { id: acme.id, owner: { id: victim.id } });
  await globalSignOut(t, revoked.accessToken);
  await db.deleteFrom('users').where('id', '=', victim.id).execute();

  // Signed out: company and organization tokens obtained over HTTP, then GlobalSignOut of that sign-in.
  const leaver = await buildMember(db, acme);
  const leaving = await signIn(t.app, leaver.email, leaver.password);
  const signedOutCompany = await t.app.inject({
    method: 'POST',
    url: '/api/reseller/auth/vortextoken',
    headers: bearer(leaving.accessToken),
    payload: { companyId: acme.id },
  });
  const signedOutOrganization = await t.app.inject({
    method: 'POST',
    url: `/api/reseller/v1/organizations/${customer.id}/vsaas-token`,
    headers: bearer(leaving.accessToken),
  });
  if (signedOutCompany.statusCode !== 200 || signedOutOrganization.statusCode !== 200) {
    throw new Error(`derived tokens: ${signedOutCompany.body} ${signedOutOrganization.body}`);
  }
  await globalSignOut(t, leaving.accessToken);

  // A distributor (SPEC §1 DISTY) with a customer of its own and a member.
  const distributor = await buildCompany(db, { name: 'Disty', roles: ['disty'] });
  const distributorMember = await buildMember(db, distributor);
  const distributorCustomer = await buildCustomer(db, distributor);
  const asDistributorMember = { id: distributor.id, owner: { id: distributorMember.id } };

  // HQ sees every company, so it may view Acme read-only; the region has nothing below it.
  const hq = await buildCompany(db, { name: 'HQ', roles: ['hq-pm', 'hq-sales'] });
  const region = await buildCompany(db, { name: 'Region', roles: ['region'], parentCompanyId: hq.id });
  const hqSession = (await signIn(t.app, hq.owner.email, hq.owner.password)).accessToken;
  const hqView = await t.app.inject({
    method: 'POST',
    url: '/api/reseller/auth/vortextoken',
    headers: bearer(hqSession),
    payload: { companyId: acme.id },
  });
  const hqViewOrganization = await t.app.inject({
    method: 'POST',
    url: `/api/reseller/v1/organizations/${customer.id}/vsaas-token?companyId=${acme.id}`,
    headers: bearer(hqSession),
  });
  if (hqView.statusCode !== 200 || hqViewOrganization.statusCode !== 200) {
    throw new Error(`drill-down tokens: ${hqView.body} ${hqViewOrganization.body}`);
  }
  const hqViewOther = await t.app.inject({
    method: 'POST',
    url: '/api/reseller/auth/vortextoken',
    headers: bearer(hqSession),
    payload: { companyId: other.id },
  });
  const hqViewOtherOrganization = await t.app.inject({
    method: 'POST',
    url: `/api/reseller/v1/organizations/${otherCustomer.id}/vsaas-token?companyId=${other.id}`,
    headers: bearer(hqSession),
  });
  if (hqViewOther.statusCode !== 200 || hqViewOtherOrganization.statusCode !== 200) {
    throw new Error(`drill-down tokens of Other: ${hqViewOther.body} ${hqViewOtherOrganization.body}`);
  }

  return {
    acme,
    acmeMember,
    other,
    distributor,
    ids: {
      orgId: customer.id,
      siteId: site.id,
      deviceId: device.id,
      serviceId: service.id,
      incidentId: (
        await buildIncident(db, site, {
          deviceId: device.id,
          category: 'CAMERA',
          alert_type: 'RECORDING_FAILED',
        })
      ).id,
      webhookId: (
        await db
          .insertInto('webhooks')
          .values({
            company_id: acme.id,
            name: 'Fixture hook',
            url: 'https://hooks.example.com/x',
            secret_sealed: 'v1.x.x.x',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    },
    credentials: {
      ingestKey: (await createIngestKey(db, 'VORTEX', 'security fixture')).key,
      ownerSession: owner.accessToken,
      memberSession: (await signIn(t.app, acmeMember.email, acmeMember.password)).accessToken,
      otherSession: (await signIn(t.app, other.owner.email, other.owner.password)).accessToken,
      company,
      organization: await organizationToken(t.app, acme, customer.id),
      otherCompany: await companyToken(t.app, other),
      otherOrganization: await organizationToken(t.app, other, otherCustomer.id),
      expiredSession,
      expiredTenant,
      revokedSession: revoked.accessToken,
      revokedTenant,
      signedOutCompany: signedOutCompany.json().token,
      signedOutOrganization: signedOutOrganization.json().token,
      distributorOwnerSession: (await signIn(t.app, distributor.owner.email, distributor.owner.password))
        .accessToken,
      distributorSession: (await signIn(t.app, distributorMember.email, distributorMember.password))
        .accessToken,
      distributorCompany: await companyToken(t.app, asDistributorMember),
      distributorOrganization: await organizationToken(t.app, asDistributorMember, distributorCustomer.id),
      hqSession,
      regionSession: (await signIn(t.app, region.owner.email, region.owner.password)).accessToken,
      hqViewCompany: hqView.json().token,
      hqViewOrganization: hqViewOrganization.json().token,
      hqViewOtherCompany: hqViewOther.json().token,
      hqViewOtherOrganization: hqViewOtherOrganization.json().token,
      apiKey: await apiKeyOf(t, acme, ['read', 'incidents:write']),
      apiKeyReadOnly: await apiKeyOf(t, acme, ['read']),
      apiKeyWriteOnly: await apiKeyOf(t, acme, ['incidents:write']),
      revokedApiKey: await apiKeyOf(t, acme, ['read', 'incidents:write'], true),
      otherApiKey: await apiKeyOf(t, other, ['read', 'incidents:write']),
      hqApiKey: await apiKeyOf(t, hq, ['read', 'incidents:write']),
    },
  };
}

async function globalSignOut(t: TestApp, accessToken: string): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/identity/',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.GlobalSignOut',
    },
    payload: JSON.stringify({ AccessToken: accessToken }),
  });
  if (res.statusCode !== 200) throw new Error(`GlobalSignOut: ${res.body}`);
}
