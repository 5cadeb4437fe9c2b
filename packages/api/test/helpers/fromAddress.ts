import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/**
 * HTTP from a chosen local address (127.0.0.2, 127.0.0.3, … all reach a server on 127.0.0.1), so
 * one test can be several clients as a per-client limit sees them: by the socket's address.
 */
export interface FromAddressOptions {
  localAddress?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface OpenResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** Resolves with the body read so far when the server ends the response (or it is closed). */
  ended: Promise<string>;
  close(): void;
}

/** Sends the request and answers as soon as the status and headers arrive (streams stay open). */
export function openFrom(url: string, options: FromAddressOptions = {}): Promise<OpenResponse> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = httpRequest(url, {
      method: options.method ?? 'GET',
      localAddress: options.localAddress,
      agent: false,
      headers: {
        accept: 'application/json, text/event-stream',
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      const ended = new Promise<string>((done) => {
        res.on('end', () => done(text));
        res.on('close', () => done(text));
      });
      resolve({ status: res.statusCode ?? 0, headers: res.headers, ended, close: () => req.destroy() });
    });
    req.end(body);
  });
}

export interface CallFromResult {
  status: number;
  headers: IncomingHttpHeaders;
  // Tests read answers loosely, as testServer's `call` does.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** A whole JSON call from `localAddress`: status, parsed body and headers. */
export async function callFrom(url: string, options: FromAddressOptions = {}): Promise<CallFromResult> {
  const res = await openFrom(url, options);
  // A response that never ends (an open stream) fails the call in 5 s rather than hanging the test.
  const text = await Promise.race([res.ended, new Promise<null>((r) => setTimeout(() => r(null), 5_000))]);
  if (text === null) {
    res.close();
    throw new Error(`${url} answered ${res.status} and did not end within 5 s`);
  }
  let body: unknown = text;
  if (String(res.headers['content-type'] ?? '').includes('json') && text) body = JSON.parse(text);
  return { status: res.status, headers: res.headers, body };
}
