export interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
}

export interface SseStream {
  status: number;
  headers: Headers;
  events: SseEvent[];
  /** Resolves once `count` events have arrived. */
  waitForCount(count: number, timeoutMs?: number): Promise<SseEvent[]>;
  close(): void;
}

/** A minimal Server-Sent Events reader over fetch, as a browser's EventSource would see the stream. */
export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = { id: undefined as string | undefined, event: 'message', data: [] as string[] };
            for (const line of block.split('\n')) {
              if (line.startsWith(':') || line === '') continue;
              const colon = line.indexOf(':');
              const name = colon < 0 ? line : line.slice(0, colon);
              const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
              if (name === 'id') fields.id = value;
              else if (name === 'event') fields.event = value;
              else if (name === 'data') fields.data.push(value);
            }
            if (fields.data.length > 0)
              events.push({ id: fields.id, event: fields.event, data: fields.data.join('\n') });
            for (const wake of waiters) wake();
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  return {
    status: response.status,
    headers: response.headers,
    events,
    waitForCount(count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (events.length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(events.slice(0, count));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`only ${events.length} of ${count} events arrived`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}
