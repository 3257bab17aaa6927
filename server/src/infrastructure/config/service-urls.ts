import { SERVICE_NAMES, SERVICE_PREFIXES, type ServiceName } from '@portal/contracts/runtime-config';
import { z } from 'zod';

/** An http(s) URL, or a path on the portal's own origin. */
const serviceUrl = z
  .union([z.url({ protocol: /^https?$/ }), z.string().regex(/^\/[^/]/, 'must start with one /')])
  .optional();

/**
 * SERVICE_URL_<NAME>: where the web app reaches one service, when not at its path on this origin (the
 * README's table); read by /api/config and the Content-Security-Policy's connect-src.
 */
export const serviceUrlsSchema = z.object({
  SERVICE_URL_IDENTITY: serviceUrl,
  SERVICE_URL_RESELLER: serviceUrl,
  SERVICE_URL_USER_PORTAL: serviceUrl,
  SERVICE_URL_USER_PORTAL_AUTH: serviceUrl,
  SERVICE_URL_PLATFORM: serviceUrl,
  SERVICE_URL_MONITORING: serviceUrl,
  SERVICE_URL_OBM: serviceUrl,
  SERVICE_URL_DEFAULT: serviceUrl,
  SERVICE_URL_NOTIFICATIONS: serviceUrl,
});
type ServiceUrlSettings = z.infer<typeof serviceUrlsSchema>;

/** `userPortalAuth` → `SERVICE_URL_USER_PORTAL_AUTH`. */
export const serviceUrlVariable = (name: ServiceName) =>
  `SERVICE_URL_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}` as keyof ServiceUrlSettings;

/** Every service's URL: its SERVICE_URL_<NAME>, else its path on this origin. */
export function serviceUrlsOf(config: ServiceUrlSettings): Record<ServiceName, string> {
  return Object.fromEntries(
    SERVICE_NAMES.map((name) => [name, config[serviceUrlVariable(name)] ?? SERVICE_PREFIXES[name]]),
  ) as Record<ServiceName, string>;
}
