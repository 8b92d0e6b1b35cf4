import { allEndpoints, API_TOKEN_PREFIX, ErrorBody, ValidationErrorBody, type Endpoint } from '@casebridge/contracts';
import { z } from 'zod';
import { apiTokenMayCall } from '../authentication/api-token-scope';
import { isConnectEndpoint, serverPath } from '../common/contract-route';
import { REST_API_ENDPOINTS, REST_API_TAG, REST_API_TAG_DESCRIPTION } from './rest-api';

type JsonSchema = Record<string, unknown>;

/** The portal's document (OpenAPI 3.0, `{error}` bodies) or the integration API's (OpenAPI 3.1, problem details). */
export interface DocumentFlavor {
  target: 'openapi-3.0' | 'draft-2020-12';
  /** The body of a 4xx answer, and its media type. */
  errors: { mediaType: string; body: z.ZodType; validationBody: z.ZodType };
}

const PORTAL: DocumentFlavor = {
  target: 'openapi-3.0',
  errors: { mediaType: 'application/json', body: ErrorBody, validationBody: ValidationErrorBody },
};

function schemaOf(schema: z.ZodType, io: 'input' | 'output', flavor: DocumentFlavor = PORTAL): JsonSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: flavor.target }) as JsonSchema;
}

export function operationOf(endpoint: Endpoint, productName: string, flavor: DocumentFlavor = PORTAL): JsonSchema {
  const errorContent = (body: z.ZodType) => ({
    [flavor.errors.mediaType]: { schema: schemaOf(body, 'output', flavor) },
  });
  const parameters = [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (endpoint.query) {
    const query = schemaOf(endpoint.query, 'input', flavor) as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema } as never);
    }
  }
  const responses: Record<string, unknown> = {
    [String(endpoint.status ?? 200)]: endpoint.file
      ? {
          description: 'A file: its bytes, streamed',
          headers: FILE_HEADERS,
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        }
      : {
          description: 'Success',
          content: { 'application/json': { schema: schemaOf(endpoint.response, 'output', flavor) } },
        },
    '422': { description: 'Validation failed', content: errorContent(flavor.errors.validationBody) },
    '429': { description: 'Too many requests', content: errorContent(flavor.errors.body) },
  };
  if (endpoint.multipart) {
    responses['413'] = { description: 'A file is over the upload limit', content: errorContent(flavor.errors.body) };
  }
  if (endpoint.access !== 'public') {
    responses['401'] = { description: 'Not signed in', content: errorContent(flavor.errors.body) };
    responses['403'] = { description: 'Not allowed', content: errorContent(flavor.errors.body) };
  }
  const restDescription = REST_API_ENDPOINTS.get(endpoint);
  return {
    summary: endpoint.summary,
    description: [
      restDescription,
      `${productName} api · access: ${endpoint.access}`,
      endpoint.refusesLimitedMembership ? 'Refused to a limited membership (403).' : null,
      tokenNote(endpoint),
    ]
      .filter(Boolean)
      .join('\n\n'),
    tags: [restDescription ? REST_API_TAG : endpoint.path.split('/')[0]],
    security: endpoint.access === 'public' ? [] : [{ bearer: [] }],
    parameters,
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: {
              [endpoint.multipart ? 'multipart/form-data' : 'application/json']: {
                schema: withFileField(schemaOf(endpoint.body, 'input', flavor), endpoint),
              },
            },
          },
        }
      : {}),
    responses,
  };
}

/** What a file answer says besides its bytes. */
const FILE_HEADERS = {
  'Content-Type': {
    description: "The type the file's content proves among its kind's safe types, else application/octet-stream",
    schema: { type: 'string' },
  },
  'Content-Disposition': { description: 'attachment, with the file name', schema: { type: 'string' } },
  'Content-Length': { schema: { type: 'integer' } },
};

/** A multipart body's file part beside its text fields: one binary part per file, as many as it takes. */
function withFileField(schema: JsonSchema, endpoint: Endpoint): JsonSchema {
  if (!endpoint.multipart || !endpoint.fileField) return schema;
  const { name, maxCount } = endpoint.fileField;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = (schema.required ?? []) as string[];
  return {
    ...schema,
    properties: {
      ...properties,
      [name]: {
        type: 'array',
        description: `1 to ${maxCount} files, each a part named ${name} with its file name`,
        items: { type: 'string', format: 'binary' },
        minItems: 1,
        maxItems: maxCount,
      },
    },
    required: [...required, name],
  };
}

/** Whether an API token may make this call (the same rule AccessGuard applies). */
function tokenNote(endpoint: Endpoint): string | null {
  if (endpoint.access === 'public') return null;
  return apiTokenMayCall(endpoint)
    ? 'Session token or API token.'
    : 'Session token only: API tokens get 403 here (session, account and token management).';
}

/** The OpenAPI document of /api, generated from the endpoint registry of the contracts (v1 has its own). */
export function buildOpenApiDocument(productName: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of allEndpoints().filter((candidate) => !isConnectEndpoint(candidate))) {
    const path = serverPath(endpoint).replace(/:([A-Za-z_]+)/g, '{$1}');
    (paths[path] ??= {})[endpoint.method.toLowerCase()] = operationOf(endpoint, productName);
  }
  return {
    openapi: '3.0.3',
    info: {
      title: `${productName} API`,
      version: '1',
      description: [
        'REST api of the member portal. Send `Authorization: Bearer <token>` with either a session access token',
        '(POST /api/auth/login, one hour, renewed with POST /api/auth/refresh) or, for users of role api, an API',
        `token (\`${API_TOKEN_PREFIX}...\`) created on the Integrations page. Integrations start at the tag`,
        `"${REST_API_TAG}". Errors: 422 \`{message, errors}\`, others \`{error}\`; 401 means the token is missing,`,
        'expired or revoked.',
      ].join(' '),
    },
    tags: [{ name: REST_API_TAG, description: REST_API_TAG_DESCRIPTION }],
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            `A session access token (a JWT from POST /api/auth/login) or an API token (\`${API_TOKEN_PREFIX}...\`) ` +
            'of a user of role api. API tokens cannot call session, account or token management.',
        },
      },
    },
    paths,
  };
}
