import { config } from 'zod/v4/core';

/**
 * Zod compiles a faster object parser with `new Function` where a page allows it. The portal's pages do not
 * (CSP `script-src 'self'`, server/src/infrastructure/http/security-headers.ts), and Zod's probe for it, though
 * caught, is reported as a `securitypolicyviolation` (and a DevTools issue) on every page that builds a schema.
 * `jitless` skips the probe; parsing takes the path the blocked probe led to anyway. Zod decides as each schema
 * is built, so this runs before any is: first thing in main.tsx, before the boot steps load the API's schemas.
 * Only Zod's small config module is imported here, not the schema library.
 */
export function parseWithoutEval(): void {
  config({ jitless: true });
}
