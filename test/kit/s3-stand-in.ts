import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// s3rver ships no types; it is a Koa app with run() and close().
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
};

/** The credentials s3rver accepts (it checks signatures with them). */
export const S3_STAND_IN_CREDENTIALS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

export interface S3StandIn {
  /** http://127.0.0.1:{port} */
  endpoint: string;
  bucket: string;
  /** The api's and worker's environment for this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver, files in a temporary folder) standing in for object storage at the network
 * edge: the api and the worker talk to it with the real AWS SDK, signatures checked.
 */
export async function startS3StandIn(bucket = 'casebridge-test'): Promise<S3StandIn> {
  const directory = await mkdtemp(join(tmpdir(), 'casebridge-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: { STORAGE_URL: `s3://${bucket}`, S3_ENDPOINT: endpoint, ...S3_STAND_IN_CREDENTIALS },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
