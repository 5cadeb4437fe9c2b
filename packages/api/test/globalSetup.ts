import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './helpers/postgresCluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set when CAIRN_TEST_PG=1: the throwaway PostgreSQL cluster the api suite runs against. */
    cairnPostgresUrl: string | null;
  }
}

/** With CAIRN_TEST_PG=1 the api suite runs on a real PostgreSQL server started for the run. */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.CAIRN_TEST_PG !== '1') {
    project.provide('cairnPostgresUrl', null);
    return undefined;
  }
  const cluster = await startPostgresCluster();
  project.provide('cairnPostgresUrl', cluster.url);
  return () => cluster.stop();
}
