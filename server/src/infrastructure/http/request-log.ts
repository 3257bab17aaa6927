import { LogController } from 'fastify';

/**
 * One log line per request, written when the response is done: method, redacted URL, client, status and
 * response time together (the `req` serializer of log-redaction.ts). Fastify's default is two lines, one on
 * arrival and one on completion; each is a serialisation, a redaction pass and a write to stdout, which made
 * logging about a tenth of a request's cost. The arrival line is kept at `debug`, for finding a request that
 * never completes.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(...[request]: Parameters<LogController['incomingRequest']>): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(...[error, request, reply]: Parameters<LogController['requestCompleted']>): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: Math.round(reply.elapsedTime * 100) / 100 },
        'request errored',
      );
    } else {
      reply.log.info(
        { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 100) / 100 },
        'request completed',
      );
    }
  }
}
