import type { Config } from '../infrastructure/config/config.ts';
import { isLoopbackHost } from '../infrastructure/http/loopback.ts';

/**
 * What a demo instance listening beyond this machine says at start (issue 23): anyone who reaches it can sign
 * in with the demo accounts, whose passwords are in DATA_DIR. Undefined when it listens on loopback only or
 * runs in production.
 */
export function demoExposureWarning(
  config: Pick<Config, 'MODE' | 'HOST' | 'PUBLIC_URL'>,
): string | undefined {
  if (config.MODE !== 'demo' || isLoopbackHost(config.HOST)) return undefined;
  return [
    '',
    '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
    `!!  THIS IS A DEMO (MODE=demo) LISTENING ON ${config.HOST}, REACHABLE FROM OTHER MACHINES.`,
    '!!  It holds demo accounts with known passwords and demo data. Do not put real data in it.',
    '!!  The development mailbox answers only on this machine. For real use start with MODE=production.',
    '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
  ].join('\n');
}
