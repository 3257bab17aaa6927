/**
 * An error with an HTTP status of its own, for what only HTTP knows (e.g. 429); everything the domain or a
 * handler refuses is a DomainError (domain/errors.ts), which the error handler maps to its status.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly extraType?: string,
  ) {
    super(detail);
  }
}
