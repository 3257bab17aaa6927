import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Agent, request } from 'undici';

/**
 * The webhook channel's edge: one HTTP attempt of a webhook delivery (decision 0019): Standard Webhooks headers and signatures, a
 * dispatcher that refuses private destinations at connection time (SSRF: the name is checked as resolved, so
 * a DNS answer that changes after validation does not help), no redirects, one timeout for the whole attempt
 * and a bounded read of the answer.
 */

export const PRIVATE_ADDRESS_ERROR = 'The webhook host resolves to a private or reserved address.';

/** Whether an address is one a webhook must not reach (loopback, private, link-local, CGNAT, metadata, …). */
export function isRefusedAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  const parsed = ipaddr.parse(address);
  // Every IPv6 form that carries an IPv4 address (issue 23 item 9): IPv4-compatible ::a.b.c.d (::7f00:1 is
  // 127.0.0.1, and ipaddr.js calls it unicast), IPv4-mapped ::ffff:a.b.c.d, and the translated and NAT64
  // prefixes. A webhook host that only has such an address has no business being reached.
  if (parsed.kind() === 'ipv6' && carriesIpv4(parsed as ipaddr.IPv6)) return true;
  // Only public unicast: ipaddr.js names every other range (loopback, private, linkLocal — 169.254.169.254,
  // the cloud metadata address —, carrierGradeNat, multicast, unspecified, uniqueLocal, reserved, 6to4, …).
  return parsed.range() !== 'unicast';
}

/** ::/96, ::ffff:0:0/96, ::ffff:0:0:0/96 (RFC 6145), 64:ff9b::/96 and 64:ff9b:1::/48 (NAT64, RFC 6052/8215). */
const IPV4_CARRYING = ['::/96', '::ffff:0:0/96', '::ffff:0:0:0/96', '64:ff9b::/96', '64:ff9b:1::/48'].map(
  (cidr) => ipaddr.IPv6.parseCIDR(cidr),
);

function carriesIpv4(address: ipaddr.IPv6): boolean {
  return IPV4_CARRYING.some((range) => address.match(range));
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for net.connect that resolves as usual, then refuses private answers. */
function guardedLookup(hostname: string, options: object, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const allowed = addresses.filter((entry) => !isRefusedAddress(entry.address));
    if (allowed.length === 0 || allowed.length !== addresses.length) {
      const refused = Object.assign(new Error(PRIVATE_ADDRESS_ERROR), { code: 'EWEBHOOKPRIVATE' });
      return callback(refused, []);
    }
    if ((options as { all?: boolean }).all) return callback(null, allowed);
    const first = allowed[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
}

const agents = new Map<boolean, Agent>();

function agentFor(allowPrivate: boolean): Agent {
  let agent = agents.get(allowPrivate);
  if (!agent) {
    agent = new Agent({
      connections: 16,
      pipelining: 1,
      keepAliveTimeout: 4_000,
      connect: allowPrivate ? { timeout: 10_000 } : { timeout: 10_000, lookup: guardedLookup as never },
    });
    agents.set(allowPrivate, agent);
  }
  return agent;
}

/** One signed request: where, its `webhook-id`, its body and the secrets that sign it. */
export interface WebhookRequest {
  url: string;
  messageId: string;
  body: string;
  /** The secret and, during a rotation's grace period, the previous one (both sign). */
  secrets: readonly string[];
}

export interface SenderSettings {
  allowPrivate: boolean;
  timeoutMs: number;
  userAgent: string;
}

export interface AttemptOptions extends WebhookRequest {
  allowPrivate: boolean;
  timeoutMs: number;
  userAgent: string;
  /** How much of the answer is read before it is dropped. */
  maxResponseBytes?: number;
}

export interface AttemptResult {
  ok: boolean;
  responseStatus: number | null;
  durationMs: number;
  error?: string;
}

export function signatureHeaders(messageId: string, at: Date, body: string, secrets: readonly string[]) {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets
      .map((secret) => new StandardWebhook(secret).sign(messageId, at, body))
      .join(' '),
  };
}

/** Makes one attempt; never throws (an error is a failed attempt with its reason). */
export async function attemptDelivery(options: AttemptOptions): Promise<AttemptResult> {
  const started = performance.now();
  const duration = () => Math.round(performance.now() - started);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const url = new URL(options.url);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivate && isIP(host) && isRefusedAddress(host)) {
      return { ok: false, responseStatus: null, durationMs: duration(), error: PRIVATE_ADDRESS_ERROR };
    }
    const response = await request(url, {
      method: 'POST',
      dispatcher: agentFor(options.allowPrivate),
      signal: controller.signal,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      headers: {
        'content-type': 'application/json',
        'user-agent': options.userAgent,
        ...signatureHeaders(options.messageId, new Date(), options.body, options.secrets),
      },
      body: options.body,
    });
    // Read a little of the answer (it may say why), then drop the rest and the connection.
    const limit = options.maxResponseBytes ?? 64 * 1024;
    let read = 0;
    try {
      for await (const chunk of response.body) {
        read += (chunk as Buffer).length;
        if (read >= limit) break;
      }
    } finally {
      if (read >= limit) response.body.destroy();
    }
    const status = response.statusCode;
    const ok = status >= 200 && status < 300;
    return {
      ok,
      responseStatus: status,
      durationMs: duration(),
      ...(ok
        ? {}
        : { error: status >= 300 && status < 400 ? 'Redirects are not followed.' : `HTTP ${status}` }),
    };
  } catch (error) {
    const reason = controller.signal.aborted
      ? `Timed out after ${Math.round(options.timeoutMs / 1000)} s.`
      : describe(error);
    return { ok: false, responseStatus: null, durationMs: duration(), error: reason };
  } finally {
    clearTimeout(timer);
  }
}

function describe(error: unknown): string {
  const err = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err?.code === 'EWEBHOOKPRIVATE' || err?.cause?.code === 'EWEBHOOKPRIVATE') return PRIVATE_ADDRESS_ERROR;
  const code = err?.code ?? err?.cause?.code;
  const message = err?.message ?? String(error);
  return (code ? `${code}: ${message}` : message).slice(0, 300);
}

/** The sender the delivery jobs and the test route call: one attempt of a request with these settings. */
export const createWebhookSender =
  (settings: SenderSettings) =>
  (request: WebhookRequest): Promise<AttemptResult> =>
    attemptDelivery({ ...request, ...settings });

export type WebhookSender = ReturnType<typeof createWebhookSender>;
