import { copyFile, mkdir, open, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { assertStorageKey, isStorageKey, type FileStorage, type OpenedFile } from './file-storage';

/** Files in a folder of this machine (STORAGE_DIR): the single-process default. */
export class LocalFileStorage implements FileStorage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The absolute path of a key, or null for a key that could leave the folder. */
  pathOf(key: string): string | null {
    return isStorageKey(key) ? join(this.root, key) : null;
  }

  async moveIn(localPath: string, key: string): Promise<void> {
    const target = this.target(key);
    await mkdir(dirname(target), { recursive: true });
    try {
      await rename(localPath, target);
    } catch (error) {
      // Staging on another file system than the storage: copy, then remove the staged file.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(localPath, target);
      await unlink(localPath);
    }
  }

  async write(key: string, body: Buffer): Promise<void> {
    const target = this.target(key);
    await mkdir(dirname(target), { recursive: true });
    // Written aside and renamed, so a reader never opens half of it.
    const partial = `${target}.partial`;
    await writeFile(partial, body);
    await rename(partial, target);
  }

  async open(key: string): Promise<OpenedFile | null> {
    const path = this.pathOf(key);
    const handle = path ? await open(path, 'r').catch(() => null) : null;
    if (!handle) return null;
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      return null;
    }
    // The stream owns the handle from here (closed at its end or when destroyed).
    return { stream: handle.createReadStream({ autoClose: true }), size: info.size };
  }

  async head(key: string, bytes: number): Promise<Buffer | null> {
    const path = this.pathOf(key);
    const handle = path ? await open(path, 'r').catch(() => null) : null;
    if (!handle) return null;
    try {
      if (!(await handle.stat()).isFile()) return null;
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async read(key: string): Promise<Buffer | null> {
    const path = this.pathOf(key);
    return path ? readFile(path).catch(() => null) : null;
  }

  async remove(key: string): Promise<void> {
    const path = this.pathOf(key);
    if (path) await rm(path, { force: true });
  }

  signedDownloadUrl(): Promise<string | null> {
    return Promise.resolve(null);
  }

  private target(key: string): string {
    assertStorageKey(key);
    return join(this.root, key);
  }
}
