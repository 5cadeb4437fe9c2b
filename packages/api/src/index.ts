export { loadConfig, parseApiKeys } from './config.ts';
export type { Config } from './config.ts';
export { startRuntime } from './runtime.ts';
export type { Runtime, RuntimeOptions } from './runtime.ts';
export { openDatabase } from './db/database.ts';
export type { Database } from './db/database.ts';
export { runCli } from './cli/runCli.ts';
