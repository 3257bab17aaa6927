import { badRequest } from '../errors.ts';
import { isUuid } from '../uuid.ts';

/**
 * Keyset cursors over rows ordered by uuid id: opaque to clients (base64url of a versioned key), so the
 * ordering key can change without changing the API.
 */
const PREFIX = 'k1:';

export const encodeCursor = (lastId: string) => Buffer.from(`${PREFIX}${lastId}`).toString('base64url');

/** The id to continue after; a cursor we did not issue is a 400, never a 500. */
export function decodeCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const id = text.startsWith(PREFIX) ? text.slice(PREFIX.length) : '';
  if (!isUuid(id)) throw badRequest('Invalid cursor: pass back the next_cursor of the previous page.');
  return id;
}
