import pino from 'pino';

/** How much log text collects before one write, and how long a quiet server may hold it. */
const BATCH_BYTES = 4096;
const FLUSH_EVERY_MS = 1000;

/**
 * stdout for the JSON log, written in batches off the event loop (decision 0016): a busy server writes
 * one batch per ~4 KB of lines instead of one write per line, and a quiet one at least every second. pino
 * flushes the batch when the process exits (close, signal, uncaught exception); a killed process may lose
 * up to a second of lines.
 */
export function batchedStdout() {
  return pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES, periodicFlush: FLUSH_EVERY_MS });
}
