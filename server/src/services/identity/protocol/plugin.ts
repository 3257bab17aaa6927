import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { containsNul } from '../../../edge/refuse-nul-characters.ts';
import { brandOfRequest } from '../../../infrastructure/config/brand-hosts.ts';
import type { IdentityContext } from '../context.ts';
import { CognitoError, invalidParameter } from '../errors.ts';
import { OPERATIONS } from '../operations/index.ts';
import { wellKnownRoutes } from '../well-known.ts';
import { AMZ_JSON, jsonBody, sendCognitoError, toCognitoError } from './envelope.ts';
import { verifySigV4 } from './sigv4.ts';

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

interface RawBody {
  raw: string;
  json: unknown;
}

const unknownOperation = () => new CognitoError('UnknownOperationException', 'Unknown operation');

/**
 * The embedded user pool: Cognito's JSON 1.1 protocol on POST / (COGNITO.md §1), CORS for the browser
 * on every response including errors, and the issuer's JWKS / OpenID configuration.
 */
export const identityService: FastifyPluginAsync = async (app) => {
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'POST', 'OPTIONS'],
    // No allowedHeaders: the plugin reflects Access-Control-Request-Headers, so new client headers work.
    exposedHeaders: ['x-amzn-RequestId', 'x-amzn-ErrorType', 'x-amzn-ErrorMessage', 'Date'],
    maxAge: 600,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-amzn-requestid', randomUUID());
  });
  // Every body arrives as text: SigV4 needs the exact bytes, and bad JSON must become InvalidParameterException.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    const raw = String(body);
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      json = undefined;
    }
    done(null, { raw, json } satisfies RawBody);
  });
  app.setErrorHandler((error, request, reply) => {
    const { error: cognitoError, unexpected } = toCognitoError(error);
    if (unexpected) request.log.error({ err: error }, 'identity operation failed');
    return sendCognitoError(reply, cognitoError);
  });

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const target = request.headers['x-amz-target'];
    const name =
      typeof target === 'string' && target.startsWith(TARGET_PREFIX)
        ? target.slice(TARGET_PREFIX.length)
        : '';
    const operation = Object.hasOwn(OPERATIONS, name) ? OPERATIONS[name] : undefined;
    if (!operation) throw unknownOperation();
    const body = request.body as RawBody | undefined;
    const json = body?.json;
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      throw invalidParameter('The request body must be a JSON object.');
    }
    // PostgreSQL text cannot hold U+0000; Cognito's member patterns refuse it too.
    if (containsNul(json))
      throw invalidParameter('1 validation error detected: a member contains a NUL character');
    const ctx: IdentityContext = {
      db: app.db,
      config: app.config,
      mail: app.mail,
      clientAddress: request.ip,
      hostBrand: brandOfRequest(app.config, request),
      now: () => new Date(),
    };
    if (operation.signed)
      await verifySigV4(request, body?.raw ?? '', app.identityAdminCredentials, ctx.now());
    const result = await operation.run(ctx, json as Record<string, unknown>);
    return reply.status(200).header('content-type', AMZ_JSON).send(jsonBody(result));
  };

  app.post('/', { schema: { hide: true } }, handle);
  // The preflight itself is answered by the CORS hook; this route only makes the path match.
  app.options('/', { schema: { hide: true } }, async (_request, reply) => reply.status(204).send());
  await app.register(wellKnownRoutes);
};
