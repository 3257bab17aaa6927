import type { IdentityContext } from '../context.ts';
import type { RequestBody } from '../protocol/params.ts';

/** One Cognito operation: the JSON request in, the JSON response out (always an object). */
export type Operation = (ctx: IdentityContext, body: RequestBody) => Promise<object>;

export interface OperationSpec {
  run: Operation;
  /** IAM-authorised ("Admin*"): the request must carry a valid SigV4 signature. */
  signed?: boolean;
}
