import { CHANGE_REPLAY_HEADER, type ChangeEvent, REPLAYED_EVENT } from '@portal/contracts/incidents';

/**
 * A server-sent event stream the test writes to: `change(...)` sends one `event: change`, `reconnect(ms)` the
 * shutdown's `event: reconnect`, `replayed()` the end of a replay, `end()` closes it. `replays`: the server
 * says it replays what the URL's `replayMs` asks for.
 */
export function sseStream({ replays = false } = {}) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: () =>
      new Response(body, {
        headers: { 'content-type': 'text/event-stream', ...(replays && { [CHANGE_REPLAY_HEADER]: '1' }) },
      }),
    change(change: Partial<ChangeEvent>) {
      const data = { at: new Date().toISOString(), kinds: ['devices'], organizationIds: [], ...change };
      controller.enqueue(encoder.encode(`event: change\ndata: ${JSON.stringify(data)}\n\n`));
    },
    /** What a server shutting down says before it ends the stream (decision 0028). */
    reconnect(retryMs: number) {
      controller.enqueue(encoder.encode(`event: reconnect\nretry: ${retryMs}\ndata: {}\n\n`));
    },
    replayed() {
      controller.enqueue(encoder.encode(`event: ${REPLAYED_EVENT}\ndata: {}\n\n`));
    },
    comment() {
      controller.enqueue(encoder.encode(': keep-alive\n\n'));
    },
    end() {
      controller.close();
    },
  };
}
