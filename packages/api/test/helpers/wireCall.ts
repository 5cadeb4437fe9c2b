import { request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export interface WireReply {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent, before any decoding. */
  wire: Buffer;
  /** The body with its Content-Encoding undone. */
  body: Buffer;
}

/**
 * One HTTP call that shows the answer as it travelled: fetch would ask for compression on its
 * own and decode it silently, hiding what the server actually sent.
 */
export function wireCall(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<WireReply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        try {
          // A 304 names the encoding of the copy the client holds but sends no body.
          const body =
            wire.length === 0
              ? wire
              : encoding === 'br'
                ? brotliDecompressSync(wire)
                : encoding === 'gzip'
                  ? gunzipSync(wire)
                  : wire;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, wire, body });
        } catch (error) {
          reject(error as Error);
        }
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
