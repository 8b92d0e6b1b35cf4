import type { INestApplication } from '@nestjs/common';
import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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
  let http: express.Express;
  let server: Server;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'casebridge-web-dist-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Casebridge</title>');
    writeFileSync(join(root, 'assets', 'index-AbC123.js'), SCRIPT);
    writeFileSync(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    http = express();
    // serveWebApp only reads the Express instance behind Nest's HTTP adapter.
    const app = { getHttpAdapter: () => ({ getInstance: () => http }) } as unknown as INestApplication;
    expect(serveWebApp(app, root)).toBe(true);
    http.use((_request, response) => response.status(404).send('server 404'));
    server = await new Promise<Server>((done) => {
      const listening = http.listen(0, '127.0.0.1', () => done(listening));
    });
  });

  afterAll(async () => {
    await new Promise((done) => server.close(done));
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

    const plain = await request(http).get('/assets/index-AbC123.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.text).toBe(SCRIPT);
  });

  it('keeps unhashed files for an hour and revalidates index.html on deep links', async () => {
    const favicon = await request(http).get('/favicon.svg');
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');

    const deepLink = await request(http).get('/my-cases/abc');
    expect(deepLink.status).toBe(200);
    expect(deepLink.headers['cache-control']).toBe('no-cache');
    expect(deepLink.text).toContain('<title>Casebridge</title>');
  });

  it('leaves server paths and missing assets to the server', async () => {
    expect((await request(http).get('/api/health')).text).toBe('server 404');
    const missing = await request(http).get('/assets/gone-123.js').set('Accept-Encoding', 'br');
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.headers['cache-control']).not.toContain('immutable');
  });
});
