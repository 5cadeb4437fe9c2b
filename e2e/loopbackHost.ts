import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for a third-party host (ad server, tag manager) on loopback: the e2e machine has no
// internet, and a port other than the app's makes it a different origin, as the real ones are.

export type LoopbackHost = {
  origin: string;
  /** Paths requested so far, in order. */
  requests: string[];
  close: () => Promise<void>;
};

export type LoopbackFile = { type: string; body: string; headers?: Record<string, string> };

/** Serves `files` (by path) on 127.0.0.1 at a free port. */
export async function startLoopbackHost(files: Record<string, LoopbackFile>): Promise<LoopbackHost> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname;
    requests.push(path);
    const file = files[path];
    if (!file) return response.writeHead(404).end();
    response
      .writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store', ...file.headers })
      .end(file.body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
