import { loadServerConfig } from '@casebridge/server-core';
import { DatabaseUnreachableError } from '../admin/database-server';

/** Runs one db script: prints its result, or a clear message and exit code 1 on failure. */
export function runCli(name: string, main: (databaseUrl: string) => Promise<void>): void {
  const started = Date.now();
  const run = async (): Promise<void> => {
    const { DATABASE_URL } = loadServerConfig();
    await main(DATABASE_URL);
    console.log(`${name}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  run().then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof DatabaseUnreachableError) {
        console.error(`${name}: ${error.message}`);
      } else {
        console.error(`${name} failed:`, error instanceof Error ? (error.stack ?? error.message) : error);
      }
      process.exit(1);
    },
  );
}
