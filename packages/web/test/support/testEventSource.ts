import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/** The browser's EventSource as the test drives it: named events, and whether it was closed. */
export class TestEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: TestEventSource[] = [];
  closed = false;
  readyState = TestEventSource.CONNECTING;
  private listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    TestEventSource.opened.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
    this.readyState = TestEventSource.CLOSED;
  }
  /** The server answered 429 or 503 instead of a stream: the browser gives the stream up. */
  refuse() {
    this.fail(true);
  }
  emit(event: string, data: unknown, lastEventId = '') {
    for (const fn of this.listeners.get(event) ?? [])
      fn({ type: event, data: JSON.stringify({ event, data }), lastEventId } as MessageEvent<string>);
  }
  /** The connection is made (or made again). */
  connect() {
    this.readyState = TestEventSource.OPEN;
    this.dispatch('open');
  }
  /** The connection fails: for good (a 204 or an error answer) or while the browser retries. */
  fail(forGood: boolean) {
    this.readyState = forGood ? TestEventSource.CLOSED : TestEventSource.CONNECTING;
    this.dispatch('error');
  }
  private dispatch(type: string) {
    for (const fn of this.listeners.get(type) ?? []) fn({ type } as MessageEvent<string>);
  }
}

/**
 * For a component test file: each test starts with TestEventSource as the browser's EventSource
 * and no stream opened; after it, the rendered tree and every stubbed global are removed.
 */
export function streamTestSetup(): void {
  beforeEach(() => {
    TestEventSource.opened = [];
    vi.stubGlobal('EventSource', TestEventSource);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
