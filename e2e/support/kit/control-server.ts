import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type Config, type Database, deleteTestCompany, listDemoAccounts } from '@portal/server/testkit';
import { isCompanyKind } from './company-kinds.ts';
import { makeTestCompany } from './make-company.ts';

/**
 * The test kit's control endpoint beside the portal under test (decision 0015): the journeys' fixtures make
 * and delete their companies on the portal's own database through it. Loopback only, and every request carries
 * the run's token (E2E_KIT_TOKEN, made by playwright.config.ts like the admin keys). Not part of the product:
 * the portal itself has no route that creates a company (SPEC §7).
 *
 *   POST   /companies       {"kind": "dealer"}  → 201 the TestCompany made
 *   DELETE /companies/<id>                      → 204, the company and everything of it gone
 *   GET    /demo-accounts                       → the demo accounts (the one smoke spec's)
 */
export function startControlServer(
  database: Database,
  config: Config,
  options: { port: number; token: string },
): Promise<Server> {
  const expected = Buffer.from(`Bearer ${options.token}`);
  const authorized = (request: IncomingMessage) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const server = createServer((request, response) => {
    if (!authorized(request))
      return send(response, 401, { message: 'The test kit token is missing or wrong' });
    handle(database, config, request, response).catch((error: Error) =>
      send(response, 500, { message: error.stack ?? error.message }),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve(server));
  });
}

async function handle(
  database: Database,
  config: Config,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const { pathname } = new URL(request.url ?? '/', 'http://kit');
  const companyId = /^\/companies\/([0-9a-f-]{36})$/.exec(pathname)?.[1];
  if (request.method === 'POST' && pathname === '/companies') {
    const kind = kindIn(await bodyOf(request));
    if (!isCompanyKind(kind)) return send(response, 400, { message: `No company kind ${String(kind)}` });
    return send(response, 201, await makeTestCompany(database.db, config, kind));
  }
  if (request.method === 'DELETE' && companyId) {
    await deleteTestCompany(database.db, companyId);
    return send(response, 204);
  }
  if (request.method === 'GET' && pathname === '/demo-accounts') {
    return send(response, 200, await listDemoAccounts(database.db));
  }
  send(response, 404, { message: `No ${request.method} ${pathname} in the test kit` });
}

/** The `kind` of a JSON body, or undefined when the body is not JSON. */
function kindIn(body: string): unknown {
  try {
    return (JSON.parse(body) as { kind?: unknown } | null)?.kind;
  } catch {
    return undefined;
  }
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    response.writeHead(status).end();
    return;
  }
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
