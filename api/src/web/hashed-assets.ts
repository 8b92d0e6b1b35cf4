import type { NextFunction, Request, Response } from 'express';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Vite names every file under assets/ by its content hash: a changed file gets a new name, so caches keep them. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.map', '.txt']);
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing (images and fonts are compressed already). */
export function isCompressible(filePath: string): boolean {
  return COMPRESSIBLE.has(extname(filePath));
}

/** Whether a file of the build sits under its hashed assets/ folder. */
export function isHashedAsset(root: string, filePath: string): boolean {
  return resolve(filePath).startsWith(join(resolve(root), 'assets') + sep);
}

/**
 * Serves the text files of assets/ brotli- or gzip-compressed, compressed once per file and encoding and kept in
 * memory (the build is fixed while the api runs). Anything else (other files, clients without either encoding,
 * missing files) goes on to express.static.
 */
export function compressedHashedAssets(root: string) {
  const compressed = new Map<string, Promise<Buffer | null>>();
  const compress = (file: string, encoding: 'br' | 'gzip') => {
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

  return (request: Request, response: Response, next: NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !request.path.startsWith('/assets/')) return next();
    let file: string;
    try {
      file = resolve(root, `.${decodeURIComponent(request.path)}`);
    } catch {
      return next();
    }
    if (!isHashedAsset(root, file) || !isCompressible(file)) return next();
    const encoding = request.acceptsEncodings('br', 'gzip');
    if (encoding !== 'br' && encoding !== 'gzip') return next();
    compress(file, encoding).then((body) => {
      if (body === null) return next();
      response.type(extname(file));
      response.setHeader('Content-Encoding', encoding);
      response.setHeader('Vary', 'Accept-Encoding');
      response.setHeader('Cache-Control', IMMUTABLE_CACHE);
      response.send(body);
    }, next);
  };
}
