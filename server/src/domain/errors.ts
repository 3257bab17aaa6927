import { EXTRA_TYPES } from '@portal/contracts/api-error';

/** What went wrong, in the domain's words; the HTTP error handler gives each kind its status, once. */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'rate-limited'
  | 'unavailable';

/** An error the caller may see: a kind, a human message and an optional stable code (contracts' EXTRA_TYPES). */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly detail: string,
    readonly extraType?: string,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, extraType: string = EXTRA_TYPES.validation) =>
  new DomainError('invalid', detail, extraType);
export const unauthorized = (detail = 'Authentication required') =>
  new DomainError('unauthorized', detail, EXTRA_TYPES.unauthorized);
export const forbidden = (detail = 'You are not allowed to do this.') =>
  new DomainError('forbidden', detail, EXTRA_TYPES.forbidden);
/** Also used for things outside the caller's tenant: existence is never leaked (ARCHITECTURE §3). */
export const notFound = (detail = 'Not found') => new DomainError('not-found', detail, EXTRA_TYPES.notFound);
export const conflict = (detail: string, extraType: string = EXTRA_TYPES.conflict) =>
  new DomainError('conflict', detail, extraType);
/** The caller did this too often; the same request later will work. */
export const tooManyRequests = (detail: string) =>
  new DomainError('rate-limited', detail, EXTRA_TYPES.rateLimited);
/** Something this request depends on (mail, a backend) failed; trying again later may work. */
export const unavailable = (detail: string) =>
  new DomainError('unavailable', detail, EXTRA_TYPES.unavailable);
