import {
  applyDecorators,
  createParamDecorator,
  Delete,
  Get,
  HttpCode,
  Post,
  Put,
  SetMetadata,
  UseInterceptors,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { CHECK_ONLY, type Endpoint } from '@casebridge/contracts';
import type { FastifyRequest } from 'fastify';
import { headerOf } from '../http/request-parts';
import { z } from 'zod';
import { BodyCheck } from './body-check';
// The interceptor reads endpointOf from here; the cycle is safe, each side is used only once both have loaded.
import { IdempotencyInterceptor } from '../idempotency/idempotency.interceptor';
import { ConnectRateLimitInterceptor } from '../connect-http/connect-rate-limit.interceptor';
import { parseOrThrow } from './errors';

export const ENDPOINT_METADATA = 'casebridge:endpoint';

export interface RouteOptions {
  /**
   * The interceptors that read a multipart body (the form's cleanup, then multer's), in order. They run after the
   * rate limit and before the Idempotency-Key check, which fingerprints the files they staged; an idempotent
   * multipart endpoint must name them here.
   */
  upload?: Type<NestInterceptor>[];
}

/**
 * Binds a handler to one endpoint of the contracts: HTTP method and path, who may call it (read by AccessGuard)
 * and the schemas that ValidBody / ValidQuery parse with. Controllers carry no path of their own.
 */
export function Route(endpoint: Endpoint, options: RouteOptions = {}): MethodDecorator {
  const verb = { GET: Get, POST: Post, PUT: Put, DELETE: Delete }[endpoint.method];
  // A successful call answers 200 (the api's POSTs are actions more often than creations) unless it says 201.
  const decorators = [
    verb(serverPath(endpoint)),
    HttpCode(endpoint.status ?? 200),
    SetMetadata(ENDPOINT_METADATA, endpoint),
  ];
  const upload = options.upload ?? [];
  if (endpoint.multipart && endpoint.idempotent && upload.length === 0) {
    // Otherwise the key would be checked before the files were read, and any file would replay the first answer.
    throw new Error(`Route(${endpoint.path}): an idempotent multipart endpoint takes its upload interceptors`);
  }
  // The integration API's rate limit comes first: a spent client is refused before any other work.
  const interceptors: Type<NestInterceptor>[] = isConnectEndpoint(endpoint) ? [ConnectRateLimitInterceptor] : [];
  interceptors.push(...upload);
  if (endpoint.idempotent) interceptors.push(IdempotencyInterceptor);
  if (interceptors.length) decorators.push(UseInterceptors(...interceptors));
  return applyDecorators(...decorators);
}

/** An endpoint of the integration API (Casebridge Connect, /api/v1). */
export function isConnectEndpoint(endpoint: Endpoint): boolean {
  return endpoint.path.startsWith('v1/');
}

/** Where an endpoint is served: under /api, unless its path is absolute (/resources/..., /saml2/...). */
export function serverPath(endpoint: Endpoint): string {
  return endpoint.path.startsWith('/') ? endpoint.path : `/api/${endpoint.path}`;
}

export function endpointOf(context: ExecutionContext): Endpoint | undefined {
  return Reflect.getMetadata(ENDPOINT_METADATA, context.getHandler()) as Endpoint | undefined;
}

type RouteRequest = FastifyRequest<{ Params: Record<string, string | undefined>; Querystring: unknown }>;

function requestOf(context: ExecutionContext): RouteRequest {
  return context.switchToHttp().getRequest<RouteRequest>();
}

/** The request body parsed with the endpoint's body schema (422 on failure). */
export const ValidBody = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const endpoint = endpointOf(context);
  const body: unknown = requestOf(context).body ?? {};
  return endpoint?.body ? parseOrThrow(endpoint.body, body) : {};
});

/** Whether the request asks only for the checks (CHECK_ONLY), on an endpoint marked `checkOnly`. */
function isCheckOnly(context: ExecutionContext): boolean {
  return (
    endpointOf(context)?.checkOnly === true && headerOf(requestOf(context), CHECK_ONLY.header) === CHECK_ONLY.value
  );
}

export const CheckOnly = createParamDecorator((_data: unknown, context: ExecutionContext) => isCheckOnly(context));

/**
 * The request body checked with the endpoint's body schema but not refused yet (BodyCheck): the service adds its
 * database checks and answers every field in one 422.
 */
export const CheckedBody = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const endpoint = endpointOf(context);
  if (!endpoint?.body) throw new Error(`CheckedBody on ${endpoint?.path ?? 'a handler'} without a body schema`);
  return new BodyCheck(endpoint.body as z.ZodType<object>, requestOf(context).body, isCheckOnly(context));
});

/** The query string parsed with the endpoint's query schema (422 on failure). */
export const ValidQuery = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const endpoint = endpointOf(context);
  return endpoint?.query ? parseOrThrow(endpoint.query, requestOf(context).query) : {};
});

const pathId = z.coerce.number({ error: 'The id must be a number.' }).int().min(0).max(2_147_483_647);
const pathText = z.string().min(1).max(200);

/**
 * One schema per parameter name, built on first use: zod compiles an object schema when it first parses, so a
 * schema made per request would be compiled on every request.
 */
function paramSchema(kind: z.ZodType, cache: Map<string, z.ZodType>, name: string): z.ZodType {
  let schema = cache.get(name);
  if (!schema) {
    schema = z.object({ [name]: kind });
    cache.set(name, schema);
  }
  return schema;
}
const idParamSchemas = new Map<string, z.ZodType>();
const textParamSchemas = new Map<string, z.ZodType>();

/** A numeric path parameter; a non-number is answered with 422 naming the parameter. */
export const IdParam = createParamDecorator((name: string, context: ExecutionContext) => {
  const raw = requestOf(context).params[name];
  const parsed = parseOrThrow(paramSchema(pathId, idParamSchemas, name), { [name]: raw }) as Record<string, number>;
  return parsed[name];
});

/** A string path parameter (token, slug) bounded in length. */
export const TextParam = createParamDecorator((name: string, context: ExecutionContext) => {
  const raw = requestOf(context).params[name];
  const parsed = parseOrThrow(paramSchema(pathText, textParamSchemas, name), { [name]: raw }) as Record<string, string>;
  return parsed[name];
});
