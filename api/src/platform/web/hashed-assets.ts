import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Vite names every file under assets/ by its content hash: a changed file gets a new name, so caches keep them. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** Text formats worth compressing (images and fonts are compressed already), with the type they are sent as. */
const COMPRESSIBLE_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type AssetEncoding = 'br' | 'gzip';

export function isCompressible(filePath: string): boolean {
  return extname(filePath) in COMPRESSIBLE_TYPES;
}

export function compressibleType(filePath: string): string {
  return COMPRESSIBLE_TYPES[extname(filePath)];
}

/** Whether a file of the build sits under its hashed assets/ folder. */
export function isHashedAsset(root: string, filePath: string): boolean {
  return resolve(filePath).startsWith(join(resolve(root), 'assets') + sep);
}

/** The encoding to send from an Accept-Encoding header: brotli before gzip, neither when refused (q=0) or absent. */
export function preferredEncoding(acceptEncoding: string | undefined): AssetEncoding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name, q ? Number(q[1]) : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  return weight('gzip') > 0 ? 'gzip' : null;
}

/**
 * The text files of assets/ brotli- or gzip-compressed, compressed once per file and encoding and kept in memory
 * (the build is fixed while the api runs). Null for a file that cannot be read.
 */
export function compressedAssets(): (file: string, encoding: AssetEncoding) => Promise<Buffer | null> {
  const compressed = new Map<string, Promise<Buffer | null>>();
  return (file, encoding) => {
    const key = `${encoding}:${file}`;
    let entry = compressed.get(key);
    if (!entry) {
      entry = readFile(file).then(
        (content) =>
          encoding === 'br'
            ? brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
            : gzipAsync(content, { level: 9 }),
        () => null,
      );
      compressed.set(key, entry);
    }
    return entry;
  };
}
