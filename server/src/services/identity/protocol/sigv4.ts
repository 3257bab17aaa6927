import { timingSafeEqual } from 'node:crypto';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import type { FastifyRequest } from 'fastify';
import type { AdminCredentials } from '../admin-credentials.ts';
import { CognitoError } from '../errors.ts';

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;
const MAX_SKEW_MS = 15 * 60 * 1000;

const denied = (message: string) => new CognitoError('UnrecognizedClientException', message);
const badSignature = () =>
  new CognitoError(
    'InvalidSignatureException',
    'The request signature we calculated does not match the signature you provided.',
  );

function parseAmzDate(value: string): Date | undefined {
  const m = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/.exec(value);
  if (!m) return undefined;
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}

/**
 * Verifies the SigV4 signature of an IAM-authorised (Admin*) call against the admin keys:
 * re-signs the request's signed headers and body with the secret and compares the signatures.
 */
export async function verifySigV4(
  request: FastifyRequest,
  rawBody: string,
  credentials: AdminCredentials,
  now: Date,
): Promise<void> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? AUTHORIZATION.exec(header) : null;
  if (!match) throw new CognitoError('MissingAuthenticationTokenException', 'Missing Authentication Token');
  const [, accessKeyId, , region, service, signedHeaderList, signature] = match;
  if (accessKeyId !== credentials.accessKeyId) {
    throw denied('The security token included in the request is invalid.');
  }
  const amzDate = request.headers['x-amz-date'];
  const signingDate = typeof amzDate === 'string' ? parseAmzDate(amzDate) : undefined;
  if (!signingDate || Math.abs(signingDate.getTime() - now.getTime()) > MAX_SKEW_MS) {
    throw new CognitoError('InvalidSignatureException', 'Signature expired or not yet valid.');
  }
  const signedHeaders = signedHeaderList!.split(';');
  if (!signedHeaders.includes('host')) throw badSignature();
  const headers: Record<string, string> = {};
  for (const name of signedHeaders) {
    const value = request.headers[name];
    if (value === undefined) throw badSignature();
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const [path = '/', query = ''] = request.url.split('?');
  const signer = new SignatureV4({
    credentials: { accessKeyId: accessKeyId!, secretAccessKey: credentials.secretAccessKey },
    region: region!,
    service: service!,
    sha256: Sha256,
  });
  const signed = await signer.sign(
    {
      method: request.method,
      protocol: 'https:',
      hostname: headers.host ?? '',
      path,
      query: Object.fromEntries(new URLSearchParams(query)),
      headers,
      body: rawBody,
    },
    {
      signingDate,
      signingRegion: region!,
      signingService: service!,
      signableHeaders: new Set(signedHeaders),
    },
  );
  const expected = /Signature=([0-9a-f]{64})/.exec(String(signed.headers.authorization))?.[1] ?? '';
  const a = Buffer.from(expected);
  const b = Buffer.from(signature!);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw badSignature();
}
