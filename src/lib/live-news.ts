import { useEffect, useEffectEvent } from 'react';
import { liveEventSchema, type LiveEvent } from '../shared/api/events';

/**
 * News pushed to an open page (docs/architecture.md, "News to open pages"): a server-sent events
 * stream (GET /api/events, GET /api/staff/events), one per page, for as long as it is shown.
 *
 * The browser's EventSource reconnects by itself after a cut and sends the last position it saw,
 * and the server tells what was missed. When the server refuses the stream (a session ended, too
 * many streams), EventSource gives up: it is opened again here after REOPEN_MS, from the same
 * position (`since`). While the stream is cut, the page reads again what it shows (`onCut`, once
 * per cut) and keeps its own slow re-reading; nothing alarming is said: the page works as before
 * the news existed.
 */

/** How long a refused stream waits before being opened again. */
const REOPEN_MS = 30_000;

interface Handlers {
  onEvent: (event: LiveEvent) => void;
  /** The stream was open and is cut: what the page shows may have changed meanwhile. */
  onCut?: () => void;
}

let openStreams = 0;
/** Whether a stream is open on this page now: the pages' slow re-reading waits longer then. */
export const liveNewsOpen = () => openStreams > 0;

/**
 * Listens to `url` (null: nothing to listen to) while the component is mounted; opened again when
 * `url` or `who` changes (the server reads who listens from the session: a login changes it).
 */
export function useLiveNews(url: string | null, handlers: Handlers, who: unknown = null): void {
  // The page's latest handlers, without opening the stream again when they change.
  const onEvent = useEffectEvent((event: LiveEvent) => handlers.onEvent(event));
  const onCut = useEffectEvent(() => handlers.onCut?.());
  useEffect(() => {
    if (!url || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let since: string | null = null;
    let open = false;
    const setOpen = (now: boolean) => {
      if (now === open) return;
      open = now;
      openStreams += now ? 1 : -1;
      if (!now) onCut();
    };
    const connect = () => {
      const address = since ? `${url}${url.includes('?') ? '&' : '?'}since=${encodeURIComponent(since)}` : url;
      const stream = new EventSource(address);
      source = stream;
      stream.onopen = () => setOpen(true);
      stream.onmessage = (message) => {
        if (message.lastEventId) since = message.lastEventId;
        let data: unknown;
        try {
          data = JSON.parse(message.data as string);
        } catch {
          return;
        }
        const parsed = liveEventSchema.safeParse(data);
        // An event of a kind this build does not know (a newer server): nothing to do with it.
        if (parsed.success) onEvent(parsed.data);
      };
      stream.onerror = () => {
        setOpen(false);
        if (stream.readyState !== EventSource.CLOSED) return;
        stream.close();
        reopen = setTimeout(connect, REOPEN_MS);
      };
    };
    connect();
    return () => {
      clearTimeout(reopen);
      source?.close();
      if (open) openStreams -= 1;
    };
  }, [url, who]);
}
