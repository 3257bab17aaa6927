import { z } from 'zod';
import { DEVICE_TYPES, SERVICE_TYPES } from './devices.ts';
import { deviceBaseSchema } from './organizations.ts';
import { deviceIdSchema } from './validation.ts';

/**
 * Second-platform payloads (SPEC §7 second platform service) and the remote-access calls of the default
 * service, shared by the server routes and the web client.
 */

const countSchema = z.object({ count: z.number().int(), abnormalCount: z.number().int() });

/** SPEC §3 Organization service. */
export const organizationServiceSchema = z.object({
  deviceId: z.string(),
  /** Null for the synthetic VORTEX service, which stands for the whole organization. */
  siteId: z.string().nullable(),
  ipAddressList: z.array(z.string()),
  name: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  connected: z.boolean(),
  statistics: z.object({ camera: countSchema, server: countSchema }),
  remoteAccess: z.object({ enabled: z.boolean(), requesting: z.boolean(), frpUrl: z.string().nullable() }),
});
export type OrganizationService = z.infer<typeof organizationServiceSchema>;
export const organizationServiceListSchema = z.object({ services: z.array(organizationServiceSchema) });

/** A second-platform device with its raw fields (SPEC §4: offline if not connected, recording if isRecording). */
export const secondPlatformDeviceSchema = deviceBaseSchema.extend({
  isRecording: z.boolean(),
  serviceId: z.string().nullable(),
});
export type SecondPlatformDevice = z.infer<typeof secondPlatformDeviceSchema>;
export const secondPlatformDeviceListSchema = z.object({ devices: z.array(secondPlatformDeviceSchema) });

/** POST /v1/organizations/{orgId}/obm-send-request: the servers to open, per site. */
export const obmSendRequestSchema = z
  .array(
    z
      .object({
        siteId: z.string().min(1).max(64),
        server: z
          .object({
            deviceId: deviceIdSchema,
            name: z.string().max(64),
            type: z.enum(DEVICE_TYPES),
            ip: z.string().max(64),
          })
          .strict(),
      })
      .strict(),
  )
  .min(1)
  .max(20);
export type ObmSendRequest = z.infer<typeof obmSendRequestSchema>;

/** The pending requests a remote-access call created. */
export const remoteAccessRequestResultSchema = z.object({
  requests: z.array(
    z.object({
      id: z.string(),
      entryPoint: z.enum(['portal', 'service']),
      deviceId: z.string().nullable(),
      /** ISO 8601: when the approval link stops working. */
      expiresAt: z.string(),
    }),
  ),
});
export type RemoteAccessRequestResult = z.infer<typeof remoteAccessRequestResultSchema>;

/**
 * DELETE /v1/organizations/{orgId}/remote-access-request: `deviceId` aborts that server's pending request,
 * `entryPoint=portal` the portal's; with neither, every pending request of the organization.
 */
export const abortRemoteAccessQuerySchema = z
  .object({ deviceId: deviceIdSchema.optional(), entryPoint: z.enum(['portal']).optional() })
  .refine((query) => !(query.deviceId && query.entryPoint), 'Give either deviceId or entryPoint, not both');
export type AbortRemoteAccessQuery = z.infer<typeof abortRemoteAccessQuerySchema>;

/** POST /organizations/{orgId}/otp: open the customer's user portal once. */
export const oneTimePortalTokenSchema = z.object({
  token: z.string(),
  url: z.string(),
  /** Unix seconds. */
  expire: z.number().int(),
});
export type OneTimePortalToken = z.infer<typeof oneTimePortalTokenSchema>;
