/**
 * What metrics and traces cost a request (issue 26): `npx tsx bench/observability.ts [--seconds 10]
 * [--connections 10] [--rounds 3] [--engines pglite,postgresql]`.
 *
 * Starts the real server (its own process, small demo data) three ways on one database, one after the other:
 * plain; with METRICS_PORT (Prometheus scraping it every 5 s meanwhile); and with OTEL_EXPORTER_OTLP_ENDPOINT
 * pointing at a collector that takes every export and drops it (the SDK's default sampler: every request
 * traced). Each round measures GET /api/reseller/v1/companies/info (session token: three statements) and
 * GET /healthz (no database) under each, so the variants meet the same minutes of a shared machine; the
 * table gives the best round of each (the least disturbed) and the server's CPU per request.
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { benchEngines } from './support/database.ts';
import { type LoadResult, load, loadAverage } from './support/load.ts';
import { type PortalProcess, startPortal } from './support/portal-process.ts';
import { bearer, signInWithPassword } from './support/session.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    engines: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
const PORTAL_PORT = 8510;
const METRICS_PORT = 8511;
const COLLECTOR_PORT = 8512;
const OWNER_EMAIL = 'owner@northwind.example';

type Variant = 'plain' | 'metrics' | 'traces';
const VARIANTS: Record<Variant, Record<string, string>> = {
  plain: {},
  metrics: { METRICS_PORT: String(METRICS_PORT) },
  traces: {
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${COLLECTOR_PORT}`,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
  },
};
type Measured = LoadResult & { cpuMicros: number };

/** A collector that answers every export with 200 and keeps nothing. */
const collector = createServer((request, response) => {
  request.resume();
  request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
}).listen(COLLECTOR_PORT, '127.0.0.1');

async function measure(
  server: PortalProcess,
  url: string,
  headers: Record<string, string>,
): Promise<Measured> {
  const cpuBefore = server.cpuSeconds();
  const result = await load(url, { connections, seconds, headers });
  return { ...result, cpuMicros: ((server.cpuSeconds() - cpuBefore) * 1e6) / result.requests };
}

const format = (n: number) => Math.round(n).toLocaleString('en');

console.info(
  `# Metrics and traces: cost per request, ${connections} connections, ${seconds} s per URL, ${rounds} rounds`,
);
console.info(`before: ${loadAverage()}`);
try {
  for (const engine of benchEngines('bench-observability', values.engines?.split(','))) {
    const database = await engine.prepare();
    const best = new Map<string, Measured>();
    try {
      for (let round = 1; round <= rounds; round++) {
        for (const variant of Object.keys(VARIANTS) as Variant[]) {
          const portal = await startPortal({ port: PORTAL_PORT, database, env: VARIANTS[variant] });
          const scraper =
            variant === 'metrics'
              ? setInterval(
                  () => void fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`).then((r) => r.text()),
                  5000,
                )
              : undefined;
          try {
            const session = await signInWithPassword(
              portal.url,
              OWNER_EMAIL,
              portal.demoPassword(OWNER_EMAIL),
            );
            const targets = [
              {
                name: 'GET /api/reseller/v1/companies/info',
                url: `${portal.url}/api/reseller/v1/companies/info`,
                headers: bearer(session.idToken),
              },
              { name: 'GET /healthz', url: `${portal.url}/healthz`, headers: {} },
            ];
            for (const target of targets) {
              await load(target.url, { connections, seconds: 2, headers: target.headers });
              const result = await measure(portal, target.url, target.headers);
              const key = `${target.name}|${variant}`;
              const previous = best.get(key);
              if (!previous || result.requestsPerSecond > previous.requestsPerSecond) best.set(key, result);
            }
          } finally {
            if (scraper) clearInterval(scraper);
            await portal.stop();
          }
        }
      }
      console.info(`\n## ${engine.name} (${loadAverage()})\n`);
      console.info(
        '| URL | variant | requests/s | × plain | p50 ms | p99 ms | server CPU µs/request | failed |',
      );
      console.info('|---|---|---:|---:|---:|---:|---:|---:|');
      for (const name of ['GET /api/reseller/v1/companies/info', 'GET /healthz']) {
        const plain = best.get(`${name}|plain`) as Measured;
        for (const variant of Object.keys(VARIANTS) as Variant[]) {
          const result = best.get(`${name}|${variant}`) as Measured;
          console.info(
            `| ${name} | ${variant} | ${format(result.requestsPerSecond)} | ${(result.requestsPerSecond / plain.requestsPerSecond).toFixed(2)} | ${result.p50} | ${result.p99} | ${result.cpuMicros.toFixed(0)} | ${result.failed} |`,
          );
        }
      }
    } finally {
      database.dispose();
    }
  }
} finally {
  collector.close();
}
console.info(`\nafter: ${loadAverage()}`);
