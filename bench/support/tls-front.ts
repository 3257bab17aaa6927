/**
 * The portal as deployed (deploy/README.md): behind HAProxy with TLS and HTTP/2, here with a self-signed
 * certificate for localhost (the browser is started with --ignore-certificate-errors).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Balancer, startHaproxy } from '../cluster/haproxy.ts';

export interface TlsFront {
  /** https://localhost:<port> */
  url: string;
  stop(): Promise<void>;
}

export async function startTlsFront(options: {
  port: number;
  backend: string;
  dir: string;
}): Promise<TlsFront> {
  const key = path.join(options.dir, 'tls-key.pem');
  const cert = path.join(options.dir, 'tls-cert.pem');
  const request =
    'req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost -addext subjectAltName=DNS:localhost';
  execFileSync('openssl', [...request.split(' '), '-keyout', key, '-out', cert], { stdio: 'ignore' });
  // HAProxy takes the certificate and its key from one file.
  const pem = path.join(options.dir, 'tls.pem');
  writeFileSync(pem, Buffer.concat([readFileSync(cert), readFileSync(key)]));
  const balancer: Balancer = await startHaproxy({
    // The plain listener and the statistics are not used here; they need ports of their own.
    port: options.port + 10,
    statsPort: options.port + 11,
    servers: [options.backend, options.backend],
    logFile: path.join(options.dir, 'haproxy.log'),
    env: { PORTAL_TLS_CERT: pem, PORTAL_TLS_BIND: `127.0.0.1:${options.port}` },
  });
  await balancer.waitFor('portal1', 'UP');
  return { url: `https://localhost:${options.port}`, stop: () => balancer.stop() };
}
