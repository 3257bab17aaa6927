import { BRAND_IDS, type BrandId } from '@portal/contracts/brands';
import { z } from 'zod';

/** A host name as a browser sends it in Host, without the port: letters, digits, dots, hyphens (or [IPv6]). */
const HOST_NAME = /^([a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])$/;

/**
 * BRAND_HOSTS (decision 0022): `host=brand` pairs separated by commas, e.g.
 * `partner.kestreleye.example=kestrel,localhost=lumora`. Host names compare case-insensitively and without
 * the port; a host named twice is refused, so the map can never say two things.
 */
export const brandHostsSchema = z.string().transform((value, ctx): Record<string, BrandId> => {
  const hosts: Record<string, BrandId> = {};
  for (const entry of value.split(',').map((part) => part.trim())) {
    if (!entry) continue;
    const [rawHost = '', brand = '', ...rest] = entry.split('=').map((part) => part.trim());
    const host = rawHost.toLowerCase();
    if (rest.length > 0 || !HOST_NAME.test(host) || !(BRAND_IDS as readonly string[]).includes(brand)) {
      ctx.addIssue({
        code: 'custom',
        message: `"${entry}" must be host=brand with a host name (no port) and a brand of ${BRAND_IDS.join(', ')}`,
      });
      return z.NEVER;
    }
    if (host in hosts) {
      ctx.addIssue({ code: 'custom', message: `"${host}" is named twice` });
      return z.NEVER;
    }
    hosts[host] = brand as BrandId;
  }
  return hosts;
});

/** The brand a page or mail reached under this host name carries: the map's entry, else the deployment's BRAND. */
export function brandOfHost(
  config: { BRAND: BrandId; BRAND_HOSTS: Readonly<Record<string, BrandId>> },
  hostname: string,
): BrandId {
  return Object.hasOwn(config.BRAND_HOSTS, hostname.toLowerCase())
    ? config.BRAND_HOSTS[hostname.toLowerCase()]!
    : config.BRAND;
}

/**
 * Fastify's `request.hostname`: the Host header without its port, or X-Forwarded-Host when TRUST_PROXY trusts
 * the client (decision 0004), so a client cannot pick its brand through a header the proxy did not set.
 */
export function brandOfRequest(
  config: { BRAND: BrandId; BRAND_HOSTS: Readonly<Record<string, BrandId>> },
  request: { hostname: string },
): BrandId {
  return brandOfHost(config, request.hostname);
}

/** The example user portals, one per brand, when no USER_PORTAL_URL* is set. */
const EXAMPLE_USER_PORTALS: Record<BrandId, string> = {
  lumora: 'https://portal.lumora.example/',
  kestrel: 'https://portal.kestreleye.example/',
};

/**
 * The customers' user portal of one brand: USER_PORTAL_URL_<BRAND>, else USER_PORTAL_URL (one portal for
 * both brands, as before), else the brand's example URL.
 */
export function userPortalUrlFor(
  config: {
    USER_PORTAL_URL?: string | undefined;
    USER_PORTAL_URL_LUMORA?: string | undefined;
    USER_PORTAL_URL_KESTREL?: string | undefined;
  },
  brand: BrandId,
): string {
  const own = brand === 'kestrel' ? config.USER_PORTAL_URL_KESTREL : config.USER_PORTAL_URL_LUMORA;
  return own ?? config.USER_PORTAL_URL ?? EXAMPLE_USER_PORTALS[brand];
}
