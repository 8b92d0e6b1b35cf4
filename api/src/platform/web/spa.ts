import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { pathOf } from '../http/request-parts';
import {
  compressedAssets,
  compressibleType,
  IMMUTABLE_CACHE,
  isCompressible,
  isHashedAsset,
  preferredEncoding,
} from './hashed-assets';

/** Paths the web app never owns: they go to Nest or answer 404 there. */
const SERVER_PREFIXES = ['/api', '/socket.io', '/resources', '/saml2', '/storage'];

/** Files of unhashed names (favicon, robots.txt) may change with a release: kept for an hour. */
const UNHASHED_MAX_AGE_MS = 60 * 60 * 1000;

/** Every file of the build by its URL path ("/favicon.svg"); the build is fixed while the api runs. */
function filesOf(root: string): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files.add(`/${relative(root, join(entry.parentPath, entry.name)).split(sep).join('/')}`);
  }
  return files;
}

/**
 * Serves the built web app from the api's origin: hashed assets compressed and cached for a year, other files
 * for an hour, and index.html for every client route so that deep links (/my-cases/abc) load the app.
 */
export async function serveWebApp(fastify: FastifyInstance, webDist: string): Promise<boolean> {
  const root = resolve(webDist);
  if (!webDist || !existsSync(join(root, 'index.html'))) return false;
  // Only reply.sendFile: the routes below decide what is a file, what is compressed and what is the app.
  await fastify.register(fastifyStatic, { root, serve: false });
  const files = filesOf(root);
  const compressed = compressedAssets();

  const isHashed = (path: string) => isHashedAsset(root, join(root, path));

  const sendFile = (reply: FastifyReply, path: string) => {
    const hashed = isHashed(path);
    if (hashed) reply.header('Cache-Control', IMMUTABLE_CACHE);
    if (isCompressible(path)) reply.header('Vary', 'Accept-Encoding');
    return reply.sendFile(path.slice(1), hashed ? { cacheControl: false } : { maxAge: UNHASHED_MAX_AGE_MS });
  };

  fastify.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = decodedPath(request);
    if (path === null || SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
      return reply.callNotFound();
    }
    if (files.has(path)) {
      // Only hashed text assets are kept compressed in memory; everything else is streamed from disk.
      const compressible = isHashed(path) && isCompressible(path);
      const preferred = compressible ? preferredEncoding(request.headers['accept-encoding']) : null;
      const body = preferred ? await compressed(join(root, path), preferred) : null;
      if (!preferred || !body) return sendFile(reply, path);
      return reply
        .type(compressibleType(path))
        .header('Content-Encoding', preferred)
        .header('Vary', 'Accept-Encoding')
        .header('Cache-Control', IMMUTABLE_CACHE)
        .send(body);
    }
    // A missing hashed asset is a 404, not the app: a stale page must not run index.html as a script.
    if (path.startsWith('/assets/')) return reply.callNotFound();
    // Always revalidated: it names the hashed assets of the current release.
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
  return true;
}

function decodedPath(request: FastifyRequest): string | null {
  try {
    return decodeURIComponent(pathOf(request));
  } catch {
    return null;
  }
}
