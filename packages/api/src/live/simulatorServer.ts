import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simulatedSources, simulatorHandler, type LiveStore, type PolledSource } from '@cairn/engine';

/** How often the demo polls its simulator, and how old a simulated feed may be. */
const SIMULATOR_POLL_SEC = 30;
const SIMULATOR_MAX_AGE_SEC = 300;

export interface SimulatorServer {
  sources: PolledSource[];
  close(): Promise<void>;
}

/**
 * The engine's GTFS-realtime simulator on a loopback port, polled over real HTTP like an
 * operator's feed, so the demo runs live with no set-up. Sources are named without the port,
 * so a new leader's simulator continues the same sources.
 */
export async function startSimulatorServer(
  store: LiveStore,
  clock: () => number,
  pollFloorSec: number,
): Promise<SimulatorServer> {
  const handle = simulatorHandler(store.timetable, clock);
  const server = createServer((req, res) => {
    if (!handle(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    sources: simulatedSources(store.timetable).map((s) => ({
      source: `simulator:${s.path}`,
      feedId: s.feedId,
      kind: s.kind,
      maxAgeSec: SIMULATOR_MAX_AGE_SEC,
      url: `http://127.0.0.1:${port}${s.path}`,
      pollSec: Math.max(SIMULATOR_POLL_SEC, pollFloorSec),
      headers: {},
    })),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
