import { vi } from 'vitest';
import { liveEventSchema, type LiveEvent } from '#shared/api/events';

export interface StreamMessage {
  id: string | null;
  event: LiveEvent;
}

/**
 * A browser's EventSource, by hand over real HTTP: the answer's status and headers, the messages
 * as they come (each validated against the shared schema), the last id seen (what a reconnect
 * sends as Last-Event-ID), and a wait that polls the messages.
 */
export async function openEventStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const messages: StreamMessage[] = [];
  let lastId: string | null = null;
  let ended = false;
  if (res.ok && res.body) {
    void (async () => {
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let data: string | null = null;
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) lastId = line.slice(4);
            if (line.startsWith('data: ')) data = line.slice(6);
          }
          if (data !== null) messages.push({ id: lastId, event: liveEventSchema.parse(JSON.parse(data)) });
        }
      }
    })()
      .catch(() => {})
      .finally(() => {
        ended = true;
      });
  }
  return {
    res,
    messages,
    events: () => messages.map((m) => m.event),
    get lastId() {
      return lastId;
    },
    get ended() {
      return ended;
    },
    /** The first message matching `match`, waited for (polled) up to `timeout` ms. */
    async next(match: (event: LiveEvent) => boolean, timeout = 5_000): Promise<StreamMessage> {
      return vi.waitFor(
        () => {
          const found = messages.find((m) => match(m.event));
          if (!found) throw new Error(`no such event yet; got ${JSON.stringify(messages.map((m) => m.event))}`);
          return found;
        },
        { timeout, interval: 20 },
      );
    },
    close: () => controller.abort(),
  };
}
export type EventStream = Awaited<ReturnType<typeof openEventStream>>;
