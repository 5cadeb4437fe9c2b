import { channelForQuery, type QueryEvent } from '@cairn/contracts';
import { matches } from './decode.ts';

const EVENT_NAMES = ['results.retrieved', 'journey.processed', 'search.failed', 'journey.updated'] as const;

/**
 * Subscribes to channel query.{hash} over Server-Sent Events (docs/adr/001). EventSource
 * reconnects by itself and sends Last-Event-ID, so the server replays only what was missed.
 * Returns the function that closes the stream.
 */
export function subscribeToQuery(hash: string, onEvent: (event: QueryEvent) => void): () => void {
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
  return () => source.close();
}
