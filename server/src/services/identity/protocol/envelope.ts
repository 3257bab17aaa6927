import type { FastifyReply } from 'fastify';
import { CognitoError, internalError, invalidParameter } from '../errors.ts';

export const AMZ_JSON = 'application/x-amz-json-1.1';

/** A Buffer, so Fastify leaves the content type exactly as Cognito sends it (no charset). */
export const jsonBody = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');

/** Header values must be printable ASCII; messages may echo client input. */
const headerSafe = (value: string) => value.replace(/[^\x20-\x7e]/g, '?');

/** Sends an error in Cognito's envelope: status, x-amzn-ErrorType/ErrorMessage and `{__type, message}`. */
export function sendCognitoError(reply: FastifyReply, error: CognitoError): FastifyReply {
  return reply
    .status(error.statusCode)
    .header('content-type', AMZ_JSON)
    .header('x-amzn-errortype', `${error.type}:`)
    .header('x-amzn-errormessage', headerSafe(error.message))
    .send(jsonBody({ __type: error.type, message: error.message }));
}

/**
 * Any error inside the identity service, as Cognito would phrase it: our own errors as they are,
 * client mistakes Fastify caught (bad content type, oversized body) as InvalidParameterException,
 * anything else as a 500 InternalErrorException without details.
 */
export function toCognitoError(error: unknown): { error: CognitoError; unexpected: boolean } {
  if (error instanceof CognitoError) return { error, unexpected: false };
  const status = (error as { statusCode?: number }).statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return { error: invalidParameter((error as Error).message), unexpected: false };
  }
  return { error: internalError(), unexpected: true };
}
