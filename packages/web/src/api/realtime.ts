import { channelForQuery, type QueryEvent } from '@cairn/contracts';
import { matches } from './decode.ts';

const EVENT_NAMES = ['results.retrieved', 'journey.processed', 'search.failed', 'journey.updated'] as const;

/** The first wait before reopening a stream that ended, doubled each time up to the longest. */
const REOPEN_FIRST_MS = 2_000;
const REOPEN_LONGEST_MS = 5 * 60_000;
/** A dropped connection EventSource is still retrying by itself counts as paused after this. */
const PAUSED_AFTER_MS = 5_000;

/** Whether a followed channel is delivering updates now. */
export type StreamState = 'live' | 'paused';

/**
 * Opens channel query.{hash} as Server-Sent Events (docs/adr/001), from after `lastEventId`
 * when given; each event that parses as a QueryEvent goes to onEvent with its id.
 */
function openStream(
  hash: string,
  lastEventId: string,
  onEvent: (event: QueryEvent, id: string) => void,
): EventSource {
  const after = lastEventId ? `?last_event_id=${encodeURIComponent(lastEventId)}` : '';
  const source = new EventSource(`/v1/realtime/${encodeURIComponent(channelForQuery(hash))}${after}`);
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
    if (matches('QueryEvent', wrapped)) onEvent(wrapped, message.lastEventId);
  };
  for (const name of EVENT_NAMES) source.addEventListener(name, handle as EventListener);
  source.addEventListener('message', handle as EventListener);
  return source;
}

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
  const source = openStream(hash, '', onEvent);
  // A network error leaves it CONNECTING (it retries); an answer other than a stream closes it.
  source.addEventListener('error', () => {
    if (source.readyState === EventSource.CLOSED) onGivenUp();
  });
  return () => source.close();
}

/**
 * Follows channel query.{hash} for as long as the caller wants, as an open journey with live
 * running does (issue 31): a stream the server ends for good — a 204 or an error answer, as while
 * it restarts — is opened again from the last event received, after a wait that grows. onState
 * says when updates are paused (ended, or a lost connection not back within seconds) and when
 * they flow again. Returns the function that stops following.
 */
export function followQuery(
  hash: string,
  onEvent: (event: QueryEvent) => void,
  onState: (state: StreamState) => void,
): () => void {
  let lastEventId = '';
  let waitMs = REOPEN_FIRST_MS;
  let state: StreamState = 'live';
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  let pausedTimer: ReturnType<typeof setTimeout> | undefined;
  const report = (next: StreamState) => {
    if (next === state) return;
    state = next;
    onState(next);
  };
  const open = (): EventSource => {
    const source = openStream(hash, lastEventId, (event, id) => {
      if (id) lastEventId = id;
      onEvent(event);
    });
    source.addEventListener('open', () => {
      clearTimeout(pausedTimer);
      pausedTimer = undefined;
      waitMs = REOPEN_FIRST_MS;
      report('live');
    });
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) {
        clearTimeout(pausedTimer);
        pausedTimer = undefined;
        report('paused');
        reopenTimer = setTimeout(() => (current = open()), waitMs);
        waitMs = Math.min(waitMs * 2, REOPEN_LONGEST_MS);
      } else {
        pausedTimer ??= setTimeout(() => report('paused'), PAUSED_AFTER_MS);
      }
    });
    return source;
  };
  let current = open();
  return () => {
    clearTimeout(reopenTimer);
    clearTimeout(pausedTimer);
    current.close();
  };
}
