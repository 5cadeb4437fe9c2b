import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './freePort.ts';

/** The newest Debian-packaged PostgreSQL, unless PG_BIN names another bin folder. */
const PG_BIN = process.env.PG_BIN ?? findPgBin();

function findPgBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return join(root, versions[0] ?? '15', 'bin');
}

export interface PostgresCluster {
  /** Connection string of the cluster's `postgres` database. */
  url: string;
  /** The server's data folder (its `postmaster.pid` names the server process). */
  dataDir: string;
  /** Stops the server the hard way (`-m immediate`: like a crash, no checkpoint); data is kept. */
  crash(): void;
  /** Starts the server again on the same port and data. */
  start(): void;
  /** Stops the server (if running) and deletes its folder. */
  stop(): void;
}

export interface ClusterOptions {
  /** Keep fsync on, for tests that crash the server and expect its data back. */
  durable?: boolean;
  /** More server settings (`name=value`, each passed as `-c name=value`), e.g. for a bench's comparison. */
  settings?: readonly string[];
}

/**
 * Starts a throwaway PostgreSQL cluster on a free loopback port in a temp folder. PostgreSQL
 * refuses to run as root, so as root the binaries run as the `postgres` system user.
 */
export async function startPostgresCluster(options: ClusterOptions = {}): Promise<PostgresCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-pg-'));
  const dataDir = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (binary: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(PG_BIN, binary);
    const argv = asRoot ? ['-u', 'postgres', '--', join(PG_BIN, binary), ...args] : args;
    const result = spawnSync(command, argv, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) throw new Error(`${binary} failed: ${result.stderr || result.stdout}`);
  };
  const port = await freePort();
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const fsync =
    (options.durable ? '' : ' -c fsync=off') + (options.settings ?? []).map((s) => ` -c ${s}`).join('');
  const start = () =>
    run('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${fsync} -c max_connections=200`,
      'start',
    ]);
  const crash = () => run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir,
    crash,
    start,
    stop() {
      try {
        crash();
      } catch {
        // already stopped
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
