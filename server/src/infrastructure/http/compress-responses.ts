import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses the services' JSON answers (brotli or gzip, as the client accepts) above 1 KB: the lists a
 * phone loads on mobile data (a customer's devices, incidents) shrink to a tenth or less. Registered in the
 * services' own scope: the web app's files are compressed at build time, event streams write to the socket
 * themselves, and the identity endpoint stays as Cognito answers. (BREACH needs requests an attacker can make
 * with the victim's credentials; the API takes bearer tokens, never cookies.)
 * Request bodies are not decompressed: clients send plain JSON, and a compressed body would only be a way
 * around the body limit.
 */
export async function compressResponses(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
  });
}
