import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The URL of the test PostgreSQL server's maintenance database, where test files create theirs. */
    postgresUrl: string;
  }
}

/** One PostgreSQL server for the api project's run (about a second to start), stopped after it. */
export default function setup(project: TestProject) {
  const server = startPostgres();
  project.provide('postgresUrl', server.url('postgres'));
  return () => server.stop();
}
