import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INGEST_PREFIX } from '@portal/contracts/ingest';
import { PARTNER_API_PREFIX } from '@portal/contracts/partner-api';
import { SERVICE_PREFIXES } from '@portal/contracts/runtime-config';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { registerCallerHook } from './auth/caller-hook.ts';
import { registerAuditSource } from './edge/audit-source.ts';
import { ChangeHub } from './edge/change-hub.ts';
import { refuseCrossSiteWrites } from './edge/cross-site-guard.ts';
import { answerFrameworkError, registerErrorHandler } from './edge/error-handler.ts';
import { refuseNulCharacters } from './edge/refuse-nul-characters.ts';
import type { Config } from './infrastructure/config/config.ts';
import { runtimeConfigRoute } from './infrastructure/config/runtime-config.ts';
import { flushTraces } from './infrastructure/config/tracing-switch.ts';
import type { Database } from './infrastructure/db/database.ts';
import type { DB } from './infrastructure/db/types.ts';
import { compressResponses } from './infrastructure/http/compress-responses.ts';
import { failConfiguredServices } from './infrastructure/http/fault-services.ts';
import { registerGracefulClose } from './infrastructure/http/graceful-close.ts';
import { healthRoutes } from './infrastructure/http/health.ts';
import { loggerRedaction } from './infrastructure/http/log-redaction.ts';
import { registerOpenApi } from './infrastructure/http/openapi.ts';
import { OneLineRequestLog } from './infrastructure/http/request-log.ts';
import { responseSerializerCompiler } from './infrastructure/http/response-serializer.ts';
import { registerSecurityHeaders } from './infrastructure/http/security-headers.ts';
import { registerSpa } from './infrastructure/http/spa.ts';
import { registerMetrics } from './infrastructure/observability/register-metrics.ts';
import { type Background, startBackground } from './jobs/background.ts';
import { defaultServiceService } from './services/default-service/plugin.ts';
import { devMailbox } from './services/dev-mailbox/plugin.ts';
import { registerIdentity } from './services/identity/register.ts';
import { ingestService } from './services/ingest/plugin.ts';
import { monitoringService } from './services/monitoring/plugin.ts';
import { notificationsService } from './services/notifications/plugin.ts';
import { obmService } from './services/obm/plugin.ts';
import { partnerApiService } from './services/partner-api/plugin.ts';
import { platformService } from './services/platform/plugin.ts';
import { resellerService } from './services/reseller/plugin.ts';
import { userPortalService } from './services/user-portal/plugin.ts';
import { userPortalAuthService } from './services/user-portal-auth/plugin.ts';
import { warmUp } from './warm-up.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Kysely<DB>;
    /** The job queue's side of this process (engine timers and the like). */
    background: Background;
    /** Change notices of every process, for the screens' event streams. */
    changes: ChangeHub;
    /** Tells each open event stream to reconnect (to another process) and ends it: at shutdown. */
    liveStreams: Set<() => void>;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Where the built SPA lives; default web/dist of this checkout. */
  webDist?: string;
  /** Pino logger options (merged over the app's redaction); false silences it (tests). */
  logger?: boolean | object;
  /** Check every response against its contract schema before writing it (tests); default: write only. */
  validateResponses?: boolean;
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole server: every service as its own plugin under its own prefix, and the SPA at /. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const logger: FastifyServerOptions['logger'] =
    options.logger === false
      ? false
      : {
          level: config.LOG_LEVEL,
          ...loggerRedaction,
          ...(typeof options.logger === 'object' ? options.logger : {}),
        };
  const app = Fastify({
    logger,
    logController: new OneLineRequestLog(),
    // No proxy by default (TRUST_PROXY): otherwise any client could name its own address.
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // While closing, in-flight requests finish and new ones get 503, with Retry-After (graceful-close.ts).
    return503OnClosing: false,
    // Start-up hooks (the job queue's schema and workers) may take longer than Fastify's 10 s on a busy
    // machine; that is slow, not broken.
    pluginTimeout: 120_000,
    ajv: { customOptions: { removeAdditional: false } },
    // Errors raised by the router itself (undecodable URL, over-long parameter) get the usual envelope.
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ validate: options.validateResponses ?? false }));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('changes', new ChangeHub(database, app.log));
  app.decorate('liveStreams', new Set<() => void>());
  // Before the routes and the job queue, which record into it.
  registerMetrics(app);
  // The job queue starts once the app is ready (after the demo data of `npm start` is in place).
  let background: Background | undefined;
  app.decorate('background', {
    evaluateAt: async (at: Date) => background?.evaluateAt(at),
    stop: async (graceMs) => background?.stop(graceMs),
  } satisfies Background);
  app.addHook('onReady', async () => {
    background = await startBackground({ config, database, log: app.log, recorder: app.operations });
  });
  // Before the first request is answered (listen waits for onReady): the first sign-in finds it warm.
  if (config.WARM_UP) app.addHook('onReady', async () => warmUp(database.db, app.log));
  // From the start, every company's changes are remembered: a screen's first stream asks what it missed.
  if (config.WARM_UP) app.addHook('onReady', async () => app.changes.start());
  // Before the other hooks but the metrics' (which only measure). At close, before the database closes (the process
  // shell closes it in onClose): event streams, then the requests in flight, then the queue and LISTEN.
  registerGracefulClose(app, {
    shutdownSeconds: config.SHUTDOWN_SECONDS,
    stopWork: async (msLeft) => {
      await app.background.stop(msLeft);
      await app.changes.close();
    },
  });
  app.shutdown.onDrain(() => {
    for (const farewell of app.liveStreams) farewell();
  });
  // The process exits right after closing: what the trace exporter still holds goes now (no-op when off).
  app.addHook('onClose', async () => flushTraces());
  registerErrorHandler(app);
  failConfiguredServices(app);
  await registerSecurityHeaders(app);
  refuseCrossSiteWrites(app);
  refuseNulCharacters(app);
  await registerOpenApi(app);
  registerAuditSource(app);
  await registerIdentity(app);
  if (app.config.MODE === 'demo') await app.register(devMailbox, { prefix: '/api/dev/mailbox' });
  // Before the services: resolves the caller every route declares in `config.caller`, checks `config.access`.
  registerCallerHook(app);
  await app.register(healthRoutes);
  await app.register(runtimeConfigRoute);
  // The services in a scope of their own, so that their JSON answers (and only theirs) go out compressed.
  await app.register(async (services) => {
    await compressResponses(services);
    await services.register(resellerService, { prefix: SERVICE_PREFIXES.reseller });
    await services.register(userPortalService, { prefix: SERVICE_PREFIXES.userPortal });
    await services.register(userPortalAuthService, { prefix: SERVICE_PREFIXES.userPortalAuth });
    await services.register(platformService, { prefix: SERVICE_PREFIXES.platform });
    await services.register(monitoringService, { prefix: SERVICE_PREFIXES.monitoring });
    await services.register(obmService, { prefix: SERVICE_PREFIXES.obm });
    await services.register(defaultServiceService, { prefix: SERVICE_PREFIXES.default });
    await services.register(ingestService, { prefix: INGEST_PREFIX });
    await services.register(notificationsService, { prefix: SERVICE_PREFIXES.notifications });
    await services.register(partnerApiService, { prefix: PARTNER_API_PREFIX });
  });
  await registerSpa(app, options.webDist ?? defaultWebDist);

  return app;
}
