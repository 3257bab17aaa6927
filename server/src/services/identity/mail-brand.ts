import { BRAND_IDS, type BrandId } from '@portal/contracts/brands';
import type { IdentityContext } from './context.ts';
import { type RequestBody, stringMap } from './protocol/params.ts';

/**
 * The brand of a mail the pool sends to an address that is no company member yet (a new member's invitation
 * is mailed before the member row exists): `ClientMetadata.brand` (the portal passes the company's vendor,
 * as it would to a Cognito custom-message trigger), else the host the call came through. The mailer still
 * prefers the recipient's own company once there is one (decision 0022).
 */
export function mailBrand(ctx: IdentityContext, body: RequestBody): BrandId {
  const asked = stringMap(body, 'ClientMetadata').brand;
  return (BRAND_IDS as readonly string[]).includes(asked ?? '') ? (asked as BrandId) : ctx.hostBrand;
}
