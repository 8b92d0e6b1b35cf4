import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { parse as parseForm } from 'node:querystring';
import { ValidationException } from '../common/errors';
import { connectEntityTags } from '../connect-http/entity-tags';
import { securityHeaders } from '../security/security-headers';
import { JSON_TOO_DEEP_MESSAGE, jsonNestsDeeperThan } from './json-depth';

/** JSON and form bodies are small; files go through multipart uploads with their own limit (common/multipart.ts). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Static files (the Swagger UI's) through the @fastify/static this package depends on: the adapter's own lookup
 * would look for another copy beside Nest's package, where none is installed.
 */
// The cast: the adapter types plugins for any server kind, the plugin for the HTTP/1 server the api runs.
class ApiFastifyAdapter extends FastifyAdapter {
  override useStaticAssets(options: FastifyStaticOptions) {
    return this.register(fastifyStatic as never, options);
  }
}

/**
 * The api's HTTP server: NestJS on Fastify, which keeps several times more of node's raw throughput than Express
 * did (bench/README.md). One adapter for main.ts and the integration tests, so tests run what production runs.
 */
export function createHttpAdapter(): FastifyAdapter {
  return new ApiFastifyAdapter({
    // X-Forwarded-For is believed only from a proxy on this host (the request's ip and https then come from it).
    trustProxy: 'loopback',
    bodyLimit: BODY_LIMIT_BYTES,
    // Links carry long tokens in their paths; "/path/" answers as "/path" (as Express did).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
  });
}

/**
 * Body parsing (the app is created with Nest's own parsers off) and the headers every answer carries, registered
 * before Nest adds its routes.
 */
export function configureHttpServer(app: NestFastifyApplication, stripeJsUrl: string): FastifyInstance {
  const fastify = app.getHttpAdapter().getInstance();
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  // An empty JSON body is an empty object (as Express read it), so a body-less POST reaches validation. A body
  // nested beyond any form's shape is refused before it is parsed: nothing after may then overflow the stack.
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, {});
    if (jsonNestsDeeperThan(text)) return done(ValidationException.forField('body', JSON_TOO_DEEP_MESSAGE));
    return parseJson(request, text, done);
  });
  // Flat fields, as the SAML identity provider posts them (no nested keys, as Express's extended: false).
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, parseForm(body as string)),
  );
  // Left unread: multer streams multipart bodies from the raw request inside the upload interceptors.
  fastify.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
  fastify.addHook('onRequest', securityHeaders(stripeJsUrl));
  fastify.addHook('onSend', connectEntityTags);
  return fastify;
}
