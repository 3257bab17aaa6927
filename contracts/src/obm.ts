import { z } from 'zod';
import { cameraStatisticsSchema, serverStatisticsSchema } from './statistics.ts';

/**
 * OBM backend `GET /v1/companies/statistics` (SPEC §7, session token): what the second platform's
 * management backend reports for the caller's company — its services (VSS and device-manager servers the
 * customers run) and the devices behind them. Counts follow the definitions of statistics.ts.
 */
const count = z.number().int();

export const obmCompanyStatisticsSchema = z.object({
  /** Customers of the company having at least one second-platform device. */
  organizations: z.object({ count }),
  /** Second-platform services; `connected` counts the services whose server is connected. */
  services: z.object({
    count,
    connected: count,
    disconnected: count,
    vss: count,
    deviceManager: count,
    remoteAccessEnabled: count,
  }),
  /** Every second-platform device of the company. */
  devices: z.object({ total: count, camera: cameraStatisticsSchema, server: serverStatisticsSchema }),
});
export type ObmCompanyStatistics = z.infer<typeof obmCompanyStatisticsSchema>;
