import type { Brand } from '@portal/contracts/brands';

/** RESELLER_PORTAL (SPEC §2): the brand's reseller portal with the signed-in user's email as a query parameter. */
export function resellerPortalUrl(brand: Brand, email: string | undefined): string {
  const url = new URL(brand.links.resellerPortal);
  if (email) url.searchParams.set('email', email);
  return url.toString();
}
