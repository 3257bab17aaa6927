import { TEMPLATE_PLACEHOLDER, type WebhookEventType } from '@portal/contracts/notifications';

/**
 * The body of a delivery (decision 0019, docs/webhooks.md). Without a template, the documented default:
 *
 * ```json
 * { "type": "incident.opened", "timestamp": "…",
 *   "data": { "incident": { "id", "category", "type", "startedAt", "resolvedAt", "affectedDevices", "url" },
 *             "customer": { "id", "name" }, "site": { "id", "name" } | null,
 *             "device": { "id", "name", "type" } | null } }
 * ```
 *
 * With a template, each `{{path}}` names a value of that object (`type`, `timestamp`, `incident.id`,
 * `customer.name`, `device.name`, … — `data.` may be left out): inside a JSON string the value is
 * inserted JSON-escaped, elsewhere as a JSON value (a missing path is `null`, or empty inside a string).
 */
export interface WebhookPayload {
  type: WebhookEventType;
  timestamp: string;
  data: {
    incident: {
      id: string;
      category: string;
      type: string;
      startedAt: string;
      resolvedAt: string | null;
      affectedDevices: number;
      url: string;
    } | null;
    customer: { id: string; name: string } | null;
    site: { id: string; name: string } | null;
    device: { id: string; name: string; type: string } | null;
  };
}

function lookup(payload: WebhookPayload, path: string): unknown {
  const parts = path.split('.');
  const root = parts[0] === 'data' ? parts.slice(1) : parts;
  let value: unknown = root[0] === 'type' || root[0] === 'timestamp' ? payload : payload.data;
  for (const part of root) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Whether `offset` of `text` lies inside a JSON string (an odd number of unescaped quotes before it). */
function insideString(text: string, offset: number): boolean {
  let inside = false;
  for (let i = 0; i < offset; i++) {
    const c = text[i];
    if (c === '\\' && inside) i++;
    else if (c === '"') inside = !inside;
  }
  return inside;
}

/** The body to send: the default payload, or the template with its placeholders filled (a JSON object). */
export function renderBody(payload: WebhookPayload, template: string | null): string {
  if (!template || template.trim() === '') return JSON.stringify(payload);
  const filled = template.replace(TEMPLATE_PLACEHOLDER, (_match, path: string, offset: number) => {
    const value = lookup(payload, path);
    if (insideString(template, offset)) {
      if (value === undefined || value === null) return '';
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      return JSON.stringify(text).slice(1, -1);
    }
    return value === undefined ? 'null' : JSON.stringify(value);
  });
  try {
    // Sent as the object it parses to (normalized); validation made sure it is one.
    return JSON.stringify(JSON.parse(filled));
  } catch {
    return JSON.stringify({ error: 'template did not render to JSON', ...payload });
  }
}
