import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

export interface Receiver {
  /** `http://localhost:<port><path>` (a name: IP-address hosts are refused by validation). */
  url(path?: string): string;
  received: Received[];
  /** How the next requests are answered; default 204. */
  respond: (req: IncomingMessage, res: ServerResponse, body: string) => void;
  close(): Promise<void>;
}

/** A real HTTP receiver on a free loopback port that records what it gets. */
export async function startReceiver(): Promise<Receiver> {
  const sockets = new Set<import('node:net').Socket>();
  const receiver: Receiver = {
    url: () => '',
    received: [],
    respond: (_req, res) => {
      res.statusCode = 204;
      res.end();
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      receiver.received.push({ headers: req.headers, body, at: Date.now() });
      receiver.respond(req, res, body);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.url = (path = '/hook') => `http://localhost:${port}${path}`;
  return receiver;
}

/** Polls until `check` answers something truthy. */
export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
