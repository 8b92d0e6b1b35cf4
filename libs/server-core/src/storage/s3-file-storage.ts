import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  assertStorageKey,
  attachmentDisposition,
  isStorageKey,
  type FileStorage,
  type OpenedFile,
  type S3Location,
  type SignedDownload,
} from './file-storage';

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, the tests' local stand-in), shared by every api and worker
 * instance of a cluster. Uploads of staged files stream in parts (lib-storage), reads stream the object's body, and
 * downloads can skip the api entirely through a presigned GET that names the file.
 */
export class S3FileStorage implements FileStorage {
  readonly kind = 's3' as const;

  constructor(
    private readonly client: S3Client,
    private readonly location: S3Location,
  ) {}

  async moveIn(localPath: string, key: string, contentType?: string): Promise<void> {
    assertStorageKey(key);
    await new Upload({
      client: this.client,
      params: {
        Bucket: this.location.bucket,
        Key: this.objectKey(key),
        Body: createReadStream(localPath),
        ContentType: contentType,
      },
    }).done();
    await unlink(localPath);
  }

  async write(key: string, body: Buffer, contentType?: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.location.bucket,
        Key: this.objectKey(key),
        Body: body,
        ContentType: contentType,
      }),
    );
  }

  async open(key: string): Promise<OpenedFile | null> {
    const object = await this.get(key);
    if (!object) return null;
    return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
  }

  async head(key: string, bytes: number): Promise<Buffer | null> {
    const object = await this.get(key, `bytes=0-${Math.max(bytes - 1, 0)}`);
    if (!object) return null;
    const body = Buffer.from(await object.Body!.transformToByteArray());
    return body.subarray(0, bytes);
  }

  async read(key: string): Promise<Buffer | null> {
    const object = await this.get(key);
    return object ? Buffer.from(await object.Body!.transformToByteArray()) : null;
  }

  async remove(key: string): Promise<void> {
    if (!isStorageKey(key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }));
  }

  async signedDownloadUrl(key: string, download: SignedDownload): Promise<string | null> {
    if (!isStorageKey(key)) return null;
    const command = new GetObjectCommand({
      Bucket: this.location.bucket,
      Key: this.objectKey(key),
      ResponseContentDisposition: attachmentDisposition(download.fileName),
      ResponseContentType: download.contentType,
    });
    return getSignedUrl(this.client, command, { expiresIn: download.expiresInSeconds });
  }

  private objectKey(key: string): string {
    return `${this.location.prefix}${key}`;
  }

  /** The object (or a range of it), or null when it does not exist (or a key could leave the storage). */
  private async get(key: string, range?: string) {
    if (!isStorageKey(key)) return null;
    try {
      return await this.client.send(
        new GetObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key), Range: range }),
      );
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
      throw error;
    }
  }
}
