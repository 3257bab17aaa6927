import { EXTRA_TYPES } from '@portal/contracts/api-error';

/** An error the client may see: its status, a human message and an optional stable code. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly extraType?: string,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, extraType: string = EXTRA_TYPES.validation) =>
  new HttpError(400, detail, extraType);
export const unauthorized = (detail = 'Authentication required') =>
  new HttpError(401, detail, EXTRA_TYPES.unauthorized);
export const forbidden = (detail = 'You are not allowed to do this.') =>
  new HttpError(403, detail, EXTRA_TYPES.forbidden);
/** Also used for things outside the caller's tenant: existence is never leaked (ARCHITECTURE §3). */
export const notFound = (detail = 'Not found') => new HttpError(404, detail, EXTRA_TYPES.notFound);
export const conflict = (detail: string, extraType: string = EXTRA_TYPES.conflict) =>
  new HttpError(409, detail, extraType);
