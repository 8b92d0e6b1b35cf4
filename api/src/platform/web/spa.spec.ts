import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { preferredEncoding } from './hashed-assets';
import { serveWebApp } from './spa';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;

/** The bytes as sent: supertest and fetch would decompress them. */
function rawGet(server: Server, path: string, acceptEncoding: string) {
  const { port } = server.address() as AddressInfo;
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((done, fail) => {
    get({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    }).on('error', fail);
  });
}

describe('serveWebApp', () => {
  let root: string;
  let fastify: FastifyInstance;
  let server: Server;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'casebridge-web-dist-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Casebridge</title>');
    writeFileSync(join(root, 'assets', 'index-AbC123.js'), SCRIPT);
    writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fastify = Fastify();
    expect(await serveWebApp(fastify, root)).toBe(true);
    // Stands in for Nest's not-found answer.
    fastify.setNotFoundHandler((_request, reply) => reply.status(404).send('server 404'));
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    server = fastify.server;
  });

  afterAll(async () => {
    await fastify.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends hashed scripts brotli-compressed, cached for a year', async () => {
    const response = await rawGet(server, '/assets/index-AbC123.js', 'br, gzip');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    const body = response.body;
    expect(body.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(body).toString('utf8')).toBe(SCRIPT);
  });

  it('falls back to gzip, and to the plain file for clients without either', async () => {
    const gzipped = await rawGet(server, '/assets/index-AbC123.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString('utf8')).toBe(SCRIPT);

    const plain = await request(server).get('/assets/index-AbC123.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.text).toBe(SCRIPT);
  });

  it('keeps unhashed files for an hour and revalidates index.html on deep links', async () => {
    const favicon = await request(server).get('/favicon.svg');
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');

    const deepLink = await request(server).get('/my-cases/abc');
    expect(deepLink.status).toBe(200);
    expect(deepLink.headers['cache-control']).toBe('no-cache');
    expect(deepLink.text).toContain('<title>Casebridge</title>');
  });

  it('leaves server paths and missing assets to the server', async () => {
    expect((await request(server).get('/api/health')).text).toBe('server 404');
    const missing = await request(server).get('/assets/gone-123.js').set('Accept-Encoding', 'br');
    expect(missing.status).toBe(404);
    expect(missing.text).toBe('server 404');
    expect(missing.headers['cache-control'] ?? '').not.toContain('immutable');
  });

  it('refuses paths that climb out of the build', async () => {
    expect((await request(server).get('/assets/%2e%2e/%2e%2e/etc/passwd')).text).not.toContain('root:');
    expect((await request(server).get('/%2e%2e/package.json')).text).toContain('<title>Casebridge</title>');
  });
});

describe('preferredEncoding', () => {
  it('prefers brotli, honours q=0 and the wildcard', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});
