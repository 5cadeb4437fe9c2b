import { channelForQuery, type QueryEvent } from '@cairn/contracts';
import { matches } from './decode.ts';

const EVENT_NAMES = ['results.retrieved', 'journey.processed', 'search.failed', 'journey.updated'] as const;

/**
 * Subscribes to channel query.{hash} over Server-Sent Events (docs/adr/001). EventSource
 * reconnects by itself and sends Last-Event-ID, so the server replays only what was missed.
 * When the browser gives the stream up (the server refused it with 429 or 503 because its slots
 * are full, or ended it with 204), `onGivenUp` is called. Returns the function that closes it.
 */
export function subscribeToQuery(
  hash: string,
  onEvent: (event: QueryEvent) => void,
  onGivenUp: () => void = () => undefined,
): () => void {
  const source = new EventSource(`/v1/realtime/${encodeURIComponent(channelForQuery(hash))}`);
  const handle = (message: MessageEvent<string>) => {
    let payload: unknown;
    try {
      payload = JSON.parse(message.data);
    } catch {
      return;
    }
    const wrapped =
      payload && typeof payload === 'object' && 'event' in payload
        ? payload
        : { event: message.type, data: payload };
    if (matches('QueryEvent', wrapped)) onEvent(wrapped);
  };
  for (const name of EVENT_NAMES) source.addEventListener(name, handle as EventListener);
  source.addEventListener('message', handle as EventListener);
  // A network error leaves it CONNECTING (it retries); an answer other than a stream closes it.
  source.addEventListener('error', () => {
    if (source.readyState === EventSource.CLOSED) onGivenUp();
  });
  return () => source.close();
}
