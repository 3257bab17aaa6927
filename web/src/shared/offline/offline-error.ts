import { ApiError } from '@/shared/lib/api-error.ts';

/** A page could not load because the network is gone; the route's error boundary shows the offline screen. */
export class OfflineError extends Error {
  override readonly name = 'OfflineError';
  constructor(options?: { cause?: unknown }) {
    super('The network is unavailable', options);
  }
}

/** The server could not be reached at all (no answer), as opposed to an answer with an error. */
export const isNetworkFailure = (error: unknown): boolean =>
  error instanceof ApiError && error.messageKey === 'errors.networkFailed';
