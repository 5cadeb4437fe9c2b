import type { PolledSource } from '@cairn/engine';

/** What one fetch of a source gave. */
export type PollResult =
  | { outcome: 'fetched'; body: Uint8Array; etag: string | null; lastModified: string | null }
  | { outcome: 'unchanged' }
  | { outcome: 'failed'; error: string; status?: number };

/** One fetch as the status route and the log show it. */
export interface PollReport {
  source: string;
  outcome: PollResult['outcome'];
  atSec: number;
  bytes?: number;
  error?: string;
  status?: number;
  /** Seconds until the next fetch (longer after failures). */
  nextInSec: number;
}

export interface PollerOptions {
  /** A fetch (headers and body) taking longer is abandoned. */
  timeoutMs: number;
  /** A body larger than this is refused: a feed must not fill the memory. */
  maxBytes: number;
  /** Failures double the wait between fetches up to this. */
  maxBackoffSec: number;
  /** Validators of the last stored body (from the database), so a new leader asks conditionally too. */
  etag?: string | null;
  lastModified?: string | null;
}

/**
 * Fetches one GTFS-realtime source again and again: conditional requests (ETag, Last-Modified;
 * 304 keeps what was fetched), a timeout, a bounded body, and a doubling wait after failures.
 * Nothing it meets is thrown: each fetch ends in a PollResult and a report.
 */
export class FeedPoller {
  readonly source: PolledSource;
  readonly #options: PollerOptions;
  #etag: string | null;
  #lastModified: string | null;
  #failures = 0;
  #timer: NodeJS.Timeout | undefined;
  #stopped = true;

  constructor(source: PolledSource, options: PollerOptions) {
    this.source = source;
    this.#options = options;
    this.#etag = options.etag ?? null;
    this.#lastModified = options.lastModified ?? null;
  }

  /** Seconds to wait before the next fetch: the source's interval, doubled per failure in a row, capped. */
  nextDelaySec(): number {
    const { pollSec } = this.source;
    if (this.#failures === 0) return pollSec;
    return Math.min(pollSec * 2 ** this.#failures, Math.max(pollSec, this.#options.maxBackoffSec));
  }

  /** One fetch; the validators and the failure count follow its outcome. */
  async pollOnce(): Promise<PollResult> {
    const result = await this.#fetch();
    if (result.outcome === 'failed') this.#failures++;
    else this.#failures = 0;
    if (result.outcome === 'fetched') {
      this.#etag = result.etag;
      this.#lastModified = result.lastModified;
    }
    return result;
  }

  /** Fetches now and then after each wait until stopped; `handle` gets every result and its report. */
  start(handle: (result: PollResult, report: PollReport) => Promise<void>): void {
    this.#stopped = false;
    const round = async () => {
      const result = await this.pollOnce();
      if (this.#stopped) return;
      const report: PollReport = {
        source: this.source.source,
        outcome: result.outcome,
        atSec: Math.floor(Date.now() / 1000),
        nextInSec: this.nextDelaySec(),
        ...(result.outcome === 'fetched' ? { bytes: result.body.byteLength } : {}),
        ...(result.outcome === 'failed'
          ? { error: result.error, ...(result.status ? { status: result.status } : {}) }
          : {}),
      };
      try {
        await handle(result, report);
      } catch {
        // The handler logs its own failures; polling goes on.
      }
      if (!this.#stopped) this.#timer = setTimeout(() => void round(), report.nextInSec * 1000);
    };
    void round();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  async #fetch(): Promise<PollResult> {
    const headers: Record<string, string> = {
      // GTFS-realtime is protobuf, SIRI (the UK's live bus feeds) XML: the store tells them apart by the body.
      accept: 'application/x-protobuf, application/xml;q=0.9, application/octet-stream;q=0.9, */*;q=0.1',
      ...this.source.headers,
    };
    if (this.#etag) headers['if-none-match'] = this.#etag;
    if (this.#lastModified) headers['if-modified-since'] = this.#lastModified;
    try {
      const response = await fetch(this.source.url, {
        headers,
        signal: AbortSignal.timeout(this.#options.timeoutMs),
        redirect: 'follow',
      });
      if (response.status === 304) {
        await response.body?.cancel();
        return { outcome: 'unchanged' };
      }
      if (!response.ok) {
        await response.body?.cancel();
        return { outcome: 'failed', error: `HTTP ${response.status}`, status: response.status };
      }
      const body = await readBounded(response, this.#options.maxBytes);
      if (!body) return { outcome: 'failed', error: `body larger than ${this.#options.maxBytes} bytes` };
      return {
        outcome: 'fetched',
        body,
        etag: response.headers.get('etag'),
        lastModified: response.headers.get('last-modified'),
      };
    } catch (error) {
      const e = error as Error;
      const timedOut = e.name === 'TimeoutError';
      return {
        outcome: 'failed',
        error: timedOut ? `no answer within ${this.#options.timeoutMs} ms` : describe(e),
      };
    }
  }
}

/** The body, or undefined once it passes `maxBytes` (the rest is not read). */
async function readBounded(response: Response, maxBytes: number): Promise<Uint8Array | undefined> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    return undefined;
  }
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  return body;
}

/** fetch() says "fetch failed" and keeps the reason (refused, reset, DNS) in `cause`. */
function describe(error: Error): string {
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause?.code ?? cause?.message ?? error.message;
}
