import { allEndpoints, ErrorBody, ValidationErrorBody, type Endpoint } from '@casebridge/contracts';
import { z } from 'zod';
import { serverPath } from '../common/contract-route';

type JsonSchema = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;
}

function operationOf(endpoint: Endpoint, productName: string): JsonSchema {
  const parameters = [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (endpoint.query) {
    const query = schemaOf(endpoint.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema } as never);
    }
  }
  const responses: Record<string, unknown> = {
    '200': endpoint.file
      ? {
          description: 'A file',
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        }
      : { description: 'Success', content: { 'application/json': { schema: schemaOf(endpoint.response, 'output') } } },
    '422': {
      description: 'Validation failed',
      content: { 'application/json': { schema: schemaOf(ValidationErrorBody, 'output') } },
    },
    '429': {
      description: 'Too many requests',
      content: { 'application/json': { schema: schemaOf(ErrorBody, 'output') } },
    },
  };
  if (endpoint.access !== 'public') {
    responses['401'] = {
      description: 'Not signed in',
      content: { 'application/json': { schema: schemaOf(ErrorBody, 'output') } },
    };
    responses['403'] = {
      description: 'Not allowed',
      content: { 'application/json': { schema: schemaOf(ErrorBody, 'output') } },
    };
  }
  return {
    summary: endpoint.summary,
    description: `${productName} api · access: ${endpoint.access}`,
    tags: [endpoint.path.split('/')[0]],
    security: endpoint.access === 'public' ? [] : [{ bearer: [] }],
    parameters,
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: {
              [endpoint.multipart ? 'multipart/form-data' : 'application/json']: {
                schema: schemaOf(endpoint.body, 'input'),
              },
            },
          },
        }
      : {}),
    responses,
  };
}

/** The OpenAPI document of /api, generated from the endpoint registry of the contracts. */
export function buildOpenApiDocument(productName: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of allEndpoints()) {
    const path = serverPath(endpoint).replace(/:([A-Za-z_]+)/g, '{$1}');
    (paths[path] ??= {})[endpoint.method.toLowerCase()] = operationOf(endpoint, productName);
  }
  return {
    openapi: '3.0.3',
    info: {
      title: `${productName} API`,
      version: '1',
      description:
        'REST api of the member portal. Authenticate with POST /api/auth/login and send the access token as `Authorization: Bearer <token>`. Errors: 422 `{message, errors}`, others `{error}`.',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
