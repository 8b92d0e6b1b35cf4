import { allEndpoints, API_TOKEN_PREFIX, CONNECT_SCOPES, ProblemDetails } from '@casebridge/contracts';
import { isConnectEndpoint, serverPath } from '../common/contract-route';
import { operationOf, type DocumentFlavor } from './openapi';

const CONNECT: DocumentFlavor = {
  target: 'draft-2020-12',
  errors: { mediaType: 'application/problem+json', body: ProblemDetails, validationBody: ProblemDetails },
};

/** What a scope allows, as the document's OAuth flow lists it. */
const SCOPE_DESCRIPTIONS: Record<(typeof CONNECT_SCOPES)[number], string> = {
  'cases:read': 'Read cases, partners, intake forms and the change feed',
  'cases:write': 'Submit and answer cases, write notes and upload attachments',
  'webhooks:manage': "Manage the company's webhooks and their deliveries",
};

/**
 * The OpenAPI 3.1 document of the integration API (/api/v1), generated from the same contracts the api validates
 * with; the SDK (`@casebridge/sdk`) is generated from it.
 */
export function buildConnectOpenApiDocument(productName: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of allEndpoints().filter(isConnectEndpoint)) {
    const path = serverPath(endpoint).replace(/:([A-Za-z_]+)/g, '{$1}');
    const operation = operationOf(endpoint, productName, CONNECT);
    (paths[path] ??= {})[endpoint.method.toLowerCase()] = {
      ...operation,
      // One tag per resource (events, collaboration-requests, webhooks...).
      tags: [endpoint.path.split('/')[1].replace(/\.json$/, '')],
      security: endpoint.access === 'public' ? [] : [{ bearer: [] }, { oauth2: [] }],
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${productName} Connect API`,
      version: '1.0.0',
      description: [
        `The integration API of ${productName}: cases with partner companies from inside a CRM. Authenticate with`,
        `an OAuth 2.0 client (client credentials, POST /api/v1/oauth/token) or an API token (\`${API_TOKEN_PREFIX}...\`).`,
        'Errors are problem details (RFC 9457); every GET carries an ETag (If-None-Match answers 304); every answer',
        'carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset, and 429 carries Retry-After.',
      ].join(' '),
    },
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: `An OAuth access token, or an API token (\`${API_TOKEN_PREFIX}...\`) of a user of role api.`,
        },
        oauth2: {
          type: 'oauth2',
          flows: { clientCredentials: { tokenUrl: '/api/v1/oauth/token', scopes: SCOPE_DESCRIPTIONS } },
        },
      },
    },
    paths,
  };
}
