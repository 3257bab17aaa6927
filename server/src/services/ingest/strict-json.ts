/**
 * The ingest body's JSON, read strictly: JSON.parse keeps the last of two values of one key
 * (`"status": { "diskFailed": true, "diskFailed": false }`), so a report that says two things would be
 * applied as one of them. Here a key twice in one object is refused, naming where, and so are `__proto__`
 * and `constructor` keys (as Fastify's own parser refuses prototype poisoning).
 */

export class StrictJsonError extends Error {}

type Frame = { kind: 'object'; keys: Set<string>; key: string } | { kind: 'array'; index: number };

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor']);
const QUOTE = 34;
const BACKSLASH = 92;

function pathOf(stack: readonly Frame[], key: string): string {
  const parts = stack
    .slice(0, -1)
    .map((frame) => (frame.kind === 'object' ? frame.key : String(frame.index)));
  return [...parts, key].join('.');
}

/** The first key found twice in one object (or a forbidden one) in valid JSON text, with its path. */
function findBadKey(text: string): { path: string; reason: string } | undefined {
  const stack: Frame[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      let end = i + 1;
      let escaped = false;
      for (;;) {
        const d = text.charCodeAt(end);
        if (d === BACKSLASH) {
          escaped = true;
          end += 2;
        } else if (d === QUOTE) break;
        else end += 1;
      }
      const top = stack.at(-1);
      if (expectKey && top?.kind === 'object') {
        const key = escaped ? (JSON.parse(text.slice(i, end + 1)) as string) : text.slice(i + 1, end);
        if (top.keys.has(key)) return { path: pathOf(stack, key), reason: 'is given twice' };
        if (FORBIDDEN_KEYS.has(key)) return { path: pathOf(stack, key), reason: 'is not allowed' };
        top.keys.add(key);
        top.key = key;
        expectKey = false;
      }
      i = end;
    } else if (c === 123 /* { */) {
      stack.push({ kind: 'object', keys: new Set(), key: '' });
      expectKey = true;
    } else if (c === 91 /* [ */) {
      stack.push({ kind: 'array', index: 0 });
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      stack.pop();
      expectKey = false;
    } else if (c === 44 /* , */) {
      const top = stack.at(-1);
      if (top?.kind === 'object') expectKey = true;
      else if (top) top.index += 1;
    }
  }
  return undefined;
}

export function parseStrictJson(text: string): unknown {
  if (text.trim() === '') throw new StrictJsonError('Body cannot be empty');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new StrictJsonError(`Body is not valid JSON: ${(error as Error).message}`);
  }
  const bad = findBadKey(text);
  if (bad) throw new StrictJsonError(`${bad.path}: ${bad.reason}`);
  return value;
}
