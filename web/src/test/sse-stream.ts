import type { ChangeEvent } from '@portal/contracts/incidents';

/**
 * A server-sent event stream the test writes to: `change(...)` sends one `event: change`, `reconnect(ms)` the
 * shutdown's `event: reconnect`, `end()` closes it.
 */
export function sseStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    change(change: Partial<ChangeEvent>) {
      const data = { at: new Date().toISOString(), kinds: ['devices'], organizationIds: [], ...change };
      controller.enqueue(encoder.encode(`event: change\ndata: ${JSON.stringify(data)}\n\n`));
    },
    /** What a server shutting down says before it ends the stream (decision 0028). */
    reconnect(retryMs: number) {
      controller.enqueue(encoder.encode(`event: reconnect\nretry: ${retryMs}\ndata: {}\n\n`));
    },
    comment() {
      controller.enqueue(encoder.encode(': keep-alive\n\n'));
    },
    end() {
      controller.close();
    },
  };
}
