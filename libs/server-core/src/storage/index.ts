import type { ServerConfig } from '../config/server-config';
import { parseS3Url, type FileStorage } from './file-storage';
import { LocalFileStorage } from './local-file-storage';

export * from './file-storage';
export { LocalFileStorage } from './local-file-storage';

export type StorageSettings = Pick<
  ServerConfig,
  'STORAGE_DIR' | 'STORAGE_URL' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'
>;

/**
 * The storage a configuration names: the S3 bucket of STORAGE_URL, or the folder STORAGE_DIR when it is empty. The
 * AWS SDK is loaded only for a bucket: a process on the local folder never pays for it.
 */
export async function createFileStorage(config: StorageSettings): Promise<FileStorage> {
  if (!config.STORAGE_URL) return new LocalFileStorage(config.STORAGE_DIR);
  const [{ S3Client }, { S3FileStorage }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('./s3-file-storage'),
  ]);
  const client = new S3Client({
    region: config.S3_REGION,
    // A local or self-hosted server: its own address, buckets as paths (no per-bucket host names).
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT, forcePathStyle: true } : {}),
    // Empty: the SDK's own chain (AWS_* variables, instance roles).
    ...(config.S3_ACCESS_KEY_ID
      ? { credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } }
      : {}),
  });
  return new S3FileStorage(client, parseS3Url(config.STORAGE_URL));
}
