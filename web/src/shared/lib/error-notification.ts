/** What the global handler should tell the user about an uncaught error, or null to stay silent. */
export type ErrorNotification = { key: string; values?: Record<string, string> } | { text: string };

const FALLBACK: ErrorNotification = { key: 'errors.somethingWentWrong' };

/**
 * SPEC §8: toast the error's message, or 'Something went wrong!', unless the error asks to hide its
 * notification or carries an extraType (those are handled where they happen, e.g. on a form field).
 */
export function notificationFor(error: unknown): ErrorNotification | null {
  if (isAbort(error)) return null;
  if (isRecord(error)) {
    if (error.hideNotification === true) return null;
    if (typeof error.extraType === 'string' && error.extraType !== '') return null;
    if (typeof error.messageKey === 'string' && error.messageKey !== '') {
      return isRecord(error.messageValues)
        ? { key: error.messageKey, values: error.messageValues as Record<string, string> }
        : { key: error.messageKey };
    }
    if (typeof error.message === 'string' && error.message.trim() !== '') return { text: error.message };
    return FALLBACK;
  }
  if (typeof error === 'string' && error.trim() !== '') return { text: error };
  return FALLBACK;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isAbort(error: unknown): boolean {
  return isRecord(error) && error.name === 'AbortError';
}
