/**
 * What a failed API call becomes (SPEC §8): `api` when the server answered with an error body,
 * `unexpected` otherwise. `messageKey` names the translation of the message: one the client wrote itself,
 * or the server's `detail` in the user's language (server-error-messages.ts).
 */
export type ApiErrorType = 'api' | 'unexpected';

export interface ApiErrorInit {
  type: ApiErrorType;
  message: string;
  messageKey?: string;
  /** Values for the `messageKey` translation. */
  messageValues?: Record<string, string>;
  detail?: string;
  status?: number;
  extraType?: string;
  hideNotification?: boolean;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly type: ApiErrorType;
  readonly messageKey: string | undefined;
  readonly messageValues: Record<string, string> | undefined;
  readonly detail: string | undefined;
  readonly status: number | undefined;
  readonly extraType: string | undefined;
  readonly hideNotification: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.type = init.type;
    this.messageKey = init.messageKey;
    this.messageValues = init.messageValues;
    this.detail = init.detail;
    this.status = init.status;
    this.extraType = init.extraType;
    this.hideNotification = init.hideNotification ?? false;
  }
}

export const UNEXPECTED_API_MESSAGE = 'Something went wrong in api request';
export const NETWORK_FAILURE_MESSAGE = 'Failed to connect to server';
