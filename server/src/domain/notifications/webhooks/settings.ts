import type { Config } from '../../../infrastructure/config/config.ts';

/** How webhooks are delivered, from the configuration (decision 0019). */
export interface DispatchSettings {
  publicUrl: string;
  allowPrivate: boolean;
  timeoutMs: number;
  retryBaseSeconds: number;
  userAgent: string;
  /** One test delivery per webhook in this many seconds (issue 23 item 9). */
  testIntervalSeconds: number;
}

export function dispatchSettings(config: Config): DispatchSettings {
  return {
    publicUrl: config.PUBLIC_URL,
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
    timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000,
    retryBaseSeconds: config.WEBHOOK_RETRY_BASE_SECONDS,
    userAgent: `PartnerPortal-Webhooks/${config.version} (+${config.PUBLIC_URL})`,
    testIntervalSeconds: config.WEBHOOK_TEST_INTERVAL_SECONDS,
  };
}
