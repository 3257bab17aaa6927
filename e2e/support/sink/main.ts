/**
 * The e2e sink (issue 15): a real SMTP server and an HTTP webhook receiver on loopback, and what they received
 * as JSON, for the journeys to read. Started by Playwright as a `webServer` (ready at `/healthz`).
 *
 *   SINK_HTTP_PORT=8300 SINK_SMTP_PORT=8325 node_modules/.bin/tsx e2e/support/sink/main.ts
 *
 * SMTP (no TLS, any or no authentication): every message is parsed with mailparser and kept.
 * HTTP:
 *   GET  /healthz                    → 200
 *   GET  /mails?to=<address>         → { items: Mail[] } newest first (every mail without `to`)
 *   POST /hooks/<name>               → 200, the request kept
 *   POST /hooks/<name>/fail          → 500, the request kept
 *   GET  /hooks/<name>/requests      → { items: HookRequest[] } oldest first (both endpoints)
 * Nothing is written to disk; the sink forgets everything when it stops.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SinkMail {
  from: string;
  /** Every recipient of the SMTP envelope (lower case). */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Headers by lower-case name; structured ones (list-*, dates, addresses) as mailparser's JSON. */
  headers: Record<string, string>;
  receivedAt: string;
}

export interface SinkHookRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  status: number;
  receivedAt: string;
}

const httpPort = Number(process.env.SINK_HTTP_PORT ?? 8300);
const smtpPort = Number(process.env.SINK_SMTP_PORT ?? 8325);
const MAX_KEPT = 5_000;

const mails: SinkMail[] = [];
const hooks = new Map<string, SinkHookRequest[]>();

const addresses = (value: AddressObject | AddressObject[] | undefined): string =>
  (Array.isArray(value) ? value : value ? [value] : []).map((object) => object.text).join(', ');

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  secure: false,
  logger: false,
  size: 10 * 1024 * 1024,
  onAuth(_auth, _session, callback) {
    callback(null, { user: 'sink' });
  },
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        const headers: Record<string, string> = {};
        for (const [name, value] of parsed.headers) {
          headers[name] = typeof value === 'string' ? value : JSON.stringify(value);
        }
        mails.unshift({
          from: addresses(parsed.from),
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          headers,
          receivedAt: new Date().toISOString(),
        });
        mails.length = Math.min(mails.length, MAX_KEPT);
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://sink');
  if (url.pathname === '/healthz') return json(response, 200, { ok: true });
  if (request.method === 'GET' && url.pathname === '/mails') {
    const to = url.searchParams.get('to')?.toLowerCase();
    return json(response, 200, { items: to ? mails.filter((mail) => mail.to.includes(to)) : mails });
  }
  const requests = /^\/hooks\/([\w.-]+)\/requests$/.exec(url.pathname);
  if (request.method === 'GET' && requests)
    return json(response, 200, { items: hooks.get(requests[1]!) ?? [] });
  const hook = /^\/hooks\/([\w.-]+)(\/fail)?$/.exec(url.pathname);
  if (hook && request.method !== 'GET') {
    const status = hook[2] ? 500 : 200;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      headers[name] = Array.isArray(value) ? value.join(', ') : (value ?? '');
    }
    const kept = hooks.get(hook[1]!) ?? [];
    kept.push({
      method: request.method ?? 'POST',
      path: url.pathname,
      headers,
      body: await readBody(request),
      status,
      receivedAt: new Date().toISOString(),
    });
    if (kept.length > MAX_KEPT) kept.shift();
    hooks.set(hook[1]!, kept);
    return json(response, status, { received: true });
  }
  return json(response, 404, { detail: 'Not found' });
}

const listener = (request: IncomingMessage, response: ServerResponse) => {
  handle(request, response).catch((error: unknown) => json(response, 500, { detail: String(error) }));
};

// `localhost` may resolve to either loopback address: listen on both (IPv6 only where the machine has it).
const http4 = createServer(listener);
const http6 = createServer(listener);
await new Promise<void>((resolve, reject) => {
  http4.once('error', reject);
  http4.listen(httpPort, '127.0.0.1', resolve);
});
await new Promise<void>((resolve) => {
  http6.once('error', () => resolve());
  http6.listen(httpPort, '::1', resolve);
});
await new Promise<void>((resolve, reject) => {
  smtp.once('error', reject);
  smtp.listen(smtpPort, '127.0.0.1', resolve);
});
// A client that drops its connection (a portal stopped mid-mail) resets its socket: smtp-server reports it as an
// 'error' event, which without a listener would end the sink.
smtp.on('error', () => {});
const smtpAddress = smtp.server.address() as AddressInfo;
process.stdout.write(`sink: http://localhost:${httpPort}, smtp://127.0.0.1:${smtpAddress.port}\n`);

const stop = () => {
  http4.close();
  http6.close();
  smtp.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1_000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
