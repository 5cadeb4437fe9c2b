import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { childClockEnv } from './testClock.ts';
import { waitFor } from './testServer.ts';

const ROOT = resolve(import.meta.dirname, '../../../..');
const NODE = join(ROOT, 'node_modules/.bin/node');
const CLI = join(ROOT, 'packages/api/bin/cairn.ts');

/** A `cairn` command running as its own process (serve, worker), as in production. */
export interface CliProcess {
  child: ChildProcess;
  /** The address it serves HTTP on, once listening. */
  url: Promise<string>;
  exited: Promise<number | null>;
}

/** Starts `cairn <args>` with `env` added to the test's environment. */
export function startCli(args: string[], env: Record<string, string>): CliProcess {
  const child = spawn(NODE, [CLI, ...args], {
    env: { ...process.env, ...childClockEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let resolveUrl!: (url: string) => void;
  const url = new Promise<string>((r) => (resolveUrl = r));
  // pino writes JSON lines; Fastify announces its address once listening.
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
    if (match) resolveUrl(match[1]!);
  });
  child.stderr!.on('data', () => undefined);
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, url, exited };
}

/** The process's address once it answers /v1/ready; rejects if it exits first. */
export async function readyUrl(proc: CliProcess, timeoutMs = 60_000): Promise<string> {
  const url = await Promise.race([
    proc.url,
    proc.exited.then((code) => Promise.reject(new Error(`exited ${code}`))),
  ]);
  await waitFor(async () => (await fetch(`${url}/v1/ready`)).ok, timeoutMs, 'readiness');
  return url;
}
