import { Readable } from 'node:stream';
import {
  CognitoIdentityProviderClient,
  type CognitoIdentityProviderClientConfig,
} from '@aws-sdk/client-cognito-identity-provider';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../infrastructure/config/config.ts';
import type { AdminCredentials } from './admin-credentials.ts';

interface OutgoingRequest {
  method: string;
  path: string;
  query?: Record<string, string | string[] | null>;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

/**
 * The request body as a Buffer over the same bytes. Not `Buffer.from(body)`: for an object that calls
 * `valueOf()`, which the SDK's JSON body (a Uint8Array that also answers string methods) treats as a string
 * read, warning 'JsonCodec2: you have called a string method on a Uint8Array request body' (a future SDK
 * version throws).
 */
function bodyBytes(body: string | Uint8Array): Buffer {
  return typeof body === 'string'
    ? Buffer.from(body)
    : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

/** Hands the SDK's (already signed) request to our own app in process instead of over the network. */
function inProcessHandler(app: FastifyInstance) {
  return {
    metadata: { handlerProtocol: 'http/1.1' },
    async handle(request: OutgoingRequest) {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(request.query ?? {})) {
        for (const v of Array.isArray(value) ? value : [value ?? '']) search.append(key, v);
      }
      const query = search.toString();
      const response = await app.inject({
        method: request.method as 'POST',
        url: query ? `${request.path}?${query}` : request.path,
        headers: request.headers,
        ...(request.body !== undefined ? { payload: bodyBytes(request.body) } : {}),
      });
      const headers = Object.fromEntries(
        Object.entries(response.headers).map(([name, value]) => [name, String(value)]),
      );
      return {
        response: { statusCode: response.statusCode, headers, body: Readable.from([response.rawPayload]) },
      };
    },
  };
}

/**
 * The client the server's own admin calls go through (AdminCreateUser, ...), signed with SigV4 using
 * the admin keys (IDENTITY_ADMIN_*, or the embedded pool's generated ones). With COGNITO_ENDPOINT set it
 * talks to that pool (Amazon Cognito: use IAM keys there); otherwise to the embedded pool at
 * PUBLIC_URL/api/identity, delivered in process when the app serving it is given, so the server never
 * depends on reaching its own public URL.
 */
export function createAdminClient(
  config: Config,
  credentials: AdminCredentials,
  app?: FastifyInstance,
): CognitoIdentityProviderClient {
  const embedded = !config.COGNITO_ENDPOINT;
  const options: CognitoIdentityProviderClientConfig = {
    region: config.COGNITO_REGION,
    endpoint: config.COGNITO_ENDPOINT ?? `${config.PUBLIC_URL}/api/identity`,
    credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey },
    maxAttempts: 1,
  };
  if (embedded && app) {
    options.requestHandler = inProcessHandler(
      app,
    ) as unknown as CognitoIdentityProviderClientConfig['requestHandler'];
  }
  return new CognitoIdentityProviderClient(options);
}
