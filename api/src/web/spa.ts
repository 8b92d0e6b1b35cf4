import type { INestApplication } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compressedHashedAssets, IMMUTABLE_CACHE, isCompressible, isHashedAsset } from './hashed-assets';

/** Paths the web app never owns: they go to Nest or answer 404 there. */
const SERVER_PREFIXES = ['/api', '/socket.io', '/resources', '/saml2', '/storage'];

/**
 * Serves the built web app from the api's origin: static files, and index.html for every client route
 * so that deep links (/my-cases/abc) load the app.
 */
export function serveWebApp(app: INestApplication, webDist: string): boolean {
  const root = resolve(webDist);
  const indexHtml = join(root, 'index.html');
  if (!webDist || !existsSync(indexHtml)) return false;
  const http = app.getHttpAdapter().getInstance() as express.Express;
  http.use(compressedHashedAssets(root));
  http.use(
    express.static(root, {
      index: false,
      maxAge: '1h',
      setHeaders: (response, filePath) => {
        if (isHashedAsset(root, filePath)) response.setHeader('Cache-Control', IMMUTABLE_CACHE);
        if (isCompressible(filePath)) response.setHeader('Vary', 'Accept-Encoding');
      },
    }),
  );
  http.use((request: Request, response: Response, next: NextFunction) => {
    const isServerPath = SERVER_PREFIXES.some(
      (prefix) => request.path === prefix || request.path.startsWith(`${prefix}/`),
    );
    if (request.method !== 'GET' || isServerPath) return next();
    // Always revalidated: it names the hashed assets of the current release.
    response.sendFile(indexHtml, { headers: { 'Cache-Control': 'no-cache' } });
  });
  return true;
}
