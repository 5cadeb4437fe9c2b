import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { startRuntime, type Runtime } from '../runtime.ts';

/** `cairn serve [--no-worker]`: the API (and by default a worker in the same process). */
export async function serveCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { 'no-worker': { type: 'boolean', default: false }, port: { type: 'string' } },
  });
  const config = loadConfig();
  if (values.port) config.port = Number(values.port);
  if (values['no-worker'] && !config.databaseUrl) {
    // The embedded database serves one process, so no separate worker could ever plan.
    throw new Error(
      'cairn serve --no-worker needs DATABASE_URL (PostgreSQL) so `cairn worker` processes can share the queue',
    );
  }
  const runtime = await startRuntime(config, { http: true, worker: !values['no-worker'] });
  onShutdown(runtime);
  // Unusable region data: refuse to run (rather than accept searches no worker will ever plan).
  runtime.ready.catch((error: unknown) => {
    console.error(
      `cairn serve: cannot start: the region in ${config.regionDir} could not be loaded: ${(error as Error).message}`,
    );
    const force = setTimeout(() => process.exit(1), 5_000);
    force.unref();
    void runtime.close().finally(() => process.exit(1));
  });
  await runtime.app!.listen({ port: config.port, host: config.host });
}

/** `cairn worker`: consumes search jobs; run as many as there are cores to spare. */
export async function workerCommand(args: string[]): Promise<void> {
  parseArgs({ args, options: {} });
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new Error(
      'cairn worker needs DATABASE_URL (PostgreSQL); with the embedded database `cairn serve` plans in-process',
    );
  }
  const runtime = await startRuntime(config, { http: false, worker: true });
  onShutdown(runtime);
  await runtime.ready;
  runtime.ctx.logger.info('worker started');
}

/** SIGTERM/SIGINT: stop taking requests and jobs, finish the one in hand, close the database. */
function onShutdown(runtime: Runtime): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    runtime.ctx.logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    runtime.close().then(
      () => process.exit(0),
      (error: unknown) => {
        runtime.ctx.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
