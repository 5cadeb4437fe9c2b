import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueryEvent } from '@cairn/contracts';
import { subscribeToQuery } from '../../src/api/realtime.ts';

/** A stand-in for the browser's EventSource that lets the test deliver named events. */
class TestEventSource {
  static last: TestEventSource | null = null;
  readonly url: string;
  closed = false;
  private listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(url: string) {
    this.url = url;
    TestEventSource.last = this;
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: string) {
    for (const fn of this.listeners.get(type) ?? []) fn({ type, data } as MessageEvent<string>);
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('subscribeToQuery (channel query.{hash} over SSE)', () => {
  it('opens the channel, parses the events of SPEC §3 and ignores anything else', () => {
    vi.stubGlobal('EventSource', TestEventSource);
    const events: QueryEvent[] = [];
    const close = subscribeToQuery('abc123', (e) => events.push(e));
    const source = TestEventSource.last!;
    expect(source.url).toBe('/v1/realtime/query.abc123');
    source.emit(
      'results.retrieved',
      JSON.stringify({ event: 'results.retrieved', data: { journey_count: 3 } }),
    );
    source.emit(
      'journey.processed',
      JSON.stringify({ event: 'journey.processed', data: { journeyID: 'abc123-1' } }),
    );
    source.emit('journey.processed', JSON.stringify({ journeyID: 'abc123-2' }));
    source.emit('journey.processed', 'not json');
    source.emit(
      'results.retrieved',
      JSON.stringify({ event: 'results.retrieved', data: { journey_count: -1 } }),
    );
    source.emit('search.failed', JSON.stringify({ event: 'search.failed', data: { message: 'No route' } }));
    const updated = { journeyID: 'abc123-1', live_version: 'v7', status: 'changed' };
    source.emit('journey.updated', JSON.stringify({ event: 'journey.updated', data: updated }));
    expect(events).toEqual([
      { event: 'results.retrieved', data: { journey_count: 3 } },
      { event: 'journey.processed', data: { journeyID: 'abc123-1' } },
      { event: 'journey.processed', data: { journeyID: 'abc123-2' } },
      { event: 'search.failed', data: { message: 'No route' } },
      { event: 'journey.updated', data: updated },
    ]);
    close();
    expect(source.closed).toBe(true);
  });
});
