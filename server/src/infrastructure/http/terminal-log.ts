import type { PrettyOptions } from 'pino-pretty';

/**
 * pino-pretty's options for a terminal: a request is one line (method, redacted URL, status, response
 * time, client, decision 0016) instead of its `req`/`res` objects spread over a dozen indented lines, and
 * any other line's fields follow its message as JSON on the same line (an error's stack keeps its lines).
 * Options only (no functions), so they can cross into the transport's worker thread.
 */
export const TERMINAL_LOG_OPTIONS = {
  translateTime: 'SYS:HH:MM:ss',
  singleLine: true,
  ignore: 'pid,hostname,reqId,req,res,responseTime',
  messageFormat:
    '{if req.method}{req.method} {req.url} {res.statusCode} {responseTime} ms {req.remoteAddress} · {end}{msg}',
} satisfies PrettyOptions;

/** Fastify's logger option for a terminal: pino-pretty in a worker thread. */
export function terminalLogger() {
  return { transport: { target: 'pino-pretty', options: TERMINAL_LOG_OPTIONS } };
}
