import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

/** Query parameters that may carry a credential, whatever route they reach. */
const SECRET_QUERY = /^(token|code|otp|password|secret|access_token|id_token|refresh_token|session)$/i;
/** Path segments that are credentials: the mailed remote-access approval link (/api/default/remote-access/<token>). */
const SECRET_PATH = /(\/remote-access\/)[^/?#]+/;

/** The URL as it may be logged: path tokens and credential-like query values replaced. */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const safePath = path.replace(SECRET_PATH, `$1${REDACTED}`);
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {}
      return SECRET_QUERY.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/** Properties database drivers attach to errors that may hold bound values (PGlite: params). */
const ERROR_VALUE_FIELDS = ['params', 'parameters', 'queryOptions', 'values', 'body', 'config'];

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** pino's error shape (type, message, stack, own fields, cause) minus the fields that hold values. */
function serializeError(error: Error, depth = 0): SerializedError {
  const serialized: SerializedError = {
    type: error.constructor?.name ?? 'Error',
    message: error.message,
    stack: error.stack ?? '',
  };
  for (const [key, value] of Object.entries(error)) {
    if (ERROR_VALUE_FIELDS.includes(key) || key in serialized) continue;
    serialized[key] =
      value instanceof Error
        ? serializeError(value, depth + 1)
        : Array.isArray(value)
          ? value.map((item) => (item instanceof Error ? serializeError(item, depth + 1) : item))
          : value;
  }
  if (error.cause instanceof Error && depth < 5) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/** Fields censored one level down in anything logged (`{ body: { password } }`, an error's own `token`). */
const SECRET_FIELDS = [
  'password',
  'Password',
  'PASSWORD',
  'NEW_PASSWORD',
  'PreviousPassword',
  'ProposedPassword',
  'TemporaryPassword',
  'ConfirmationCode',
  'token',
  'code',
  'AccessToken',
  'IdToken',
  'RefreshToken',
  'REFRESH_TOKEN',
  'authorization',
  'SecretCode',
  'UserCode',
  'SOFTWARE_TOKEN_MFA_CODE',
  'EMAIL_OTP_CODE',
  'Session',
];

/** The object with its secret fields censored (a copy, when it has any); anything else as it is. */
function censorSecretFields<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const field of SECRET_FIELDS) {
    if (!(field in value)) continue;
    copy ??= Object.assign(Object.create(Object.getPrototypeOf(value)), value) as Record<string, unknown>;
    copy[field] = REDACTED;
  }
  return (copy ?? value) as T;
}

/** Keys whose serializer writes a fixed shape (req, res) or censors itself (err). */
const SERIALIZED_KEYS = new Set(['req', 'res', 'err']);

/** Every top-level object of a log line, its secret fields censored. */
function censorOneLevelDown(object: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in object) {
    if (SERIALIZED_KEYS.has(key)) continue;
    const value = object[key];
    const censored = censorSecretFields(value);
    if (censored === value) continue;
    copy ??= { ...object };
    copy[key] = censored;
  }
  return copy ?? object;
}

/**
 * Logger options every instance of the app gets: requests are logged without credentials in the URL,
 * errors without the bound values of the query that failed, and the usual secret-bearing fields are
 * censored at the top level (pino's `redact`) and one level deep (`censorOneLevelDown`). The one-level-deep
 * part was `redact` paths like `*.password` until decision 0016: pino's redaction parses every such path
 * again for every key of every line, ~25 µs a request line, against ~0.5 µs for this loop.
 */
export const loggerRedaction = {
  serializers: {
    req(fastifyRequest: FastifyRequest) {
      return {
        method: fastifyRequest.method,
        url: redactUrl(fastifyRequest.url),
        host: fastifyRequest.host,
        remoteAddress: fastifyRequest.ip,
        remotePort: fastifyRequest.socket?.remotePort,
      };
    },
    err: (error: Error) => censorSecretFields(serializeError(error)),
  },
  // A child logger's bindings do not pass through formatters.log (pino has no hook for them): the server
  // binds only Fastify's reqId; never bind anything secret.
  formatters: { log: censorOneLevelDown },
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'headers.authorization',
      'password',
      'token',
      'code',
    ],
    censor: REDACTED,
  },
};
