import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/** The browser's EventSource as the test drives it: named events, and whether it was closed. */
export class TestEventSource {
  static readonly CLOSED = 2;
  static opened: TestEventSource[] = [];
  closed = false;
  readyState = 1;
  private listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    TestEventSource.opened.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  /** The server answered 429 or 503 instead of a stream: the browser gives the stream up. */
  refuse() {
    this.readyState = TestEventSource.CLOSED;
    for (const fn of this.listeners.get('error') ?? []) fn({ type: 'error' } as MessageEvent<string>);
  }
  emit(event: string, data: unknown) {
    for (const fn of this.listeners.get(event) ?? [])
      fn({ type: event, data: JSON.stringify({ event, data }) } as MessageEvent<string>);
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
