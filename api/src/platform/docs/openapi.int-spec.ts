import { allEndpoints, API, type Endpoint } from '@casebridge/contracts';
import { isConnectEndpoint, serverPath } from '../common/contract-route';
import { startApi, type ApiHarness } from '../../../../test/kit/api-harness';

describe('/api/docs', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it('serves an OpenAPI document generated from the contracts, with every endpoint', async () => {
    const response = await api.http().get('/api/docs-json').expect(200);
    expect(response.body.openapi).toBe('3.0.3');
    const documented = Object.entries(response.body.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented).toHaveLength(allEndpoints().filter((endpoint) => !isConnectEndpoint(endpoint)).length);
    expect(
      response.body.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
    expect(response.body.paths['/api/caller/case-details/{token}'].get.security).toEqual([{ bearer: [] }]);
  });

  it('documents the case calls of the REST API for api users, with a bearer scheme for sessions and API tokens', async () => {
    const document = (await api.http().get('/api/docs-json').expect(200)).body;
    const tag = 'Cases (REST API for api users)';
    expect(document.tags).toEqual([
      expect.objectContaining({ name: tag, description: expect.stringContaining('cbk_') }),
    ]);
    const scheme = document.components.securitySchemes.bearer;
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(scheme.description).toMatch(/session access token/);
    expect(scheme.description).toMatch(/API token \(`cbk_\.\.\.`\)/);

    const operation = (endpoint: Endpoint) => document.paths[openApiPath(endpoint)][endpoint.method.toLowerCase()];
    const caseCalls = [
      API.cases.list,
      API.cases.details,
      API.documents.collaborate,
      API.cases.addNote,
      API.cases.respond,
      API.cases.updateResponse,
      API.cases.close,
    ];
    for (const endpoint of caseCalls) {
      const documented = operation(endpoint);
      expect(documented.tags).toEqual([tag]);
      expect(documented.summary).toBe(endpoint.summary);
      expect(documented.description.length).toBeGreaterThan(60);
    }
    expect(operation(API.cases.list).security).toEqual([{ bearer: [] }]);
    expect(operation(API.cases.list).description).toContain('Session token or API token.');
    expect(operation(API.cases.respond).security).toEqual([]);
    // Calls an API token may not make say so; admin calls stay under their own tags.
    expect(operation(API.auth.logout).description).toContain('API tokens get 403');
    expect(operation(API.apiTokens.create).description).toContain('API tokens get 403');
    expect(operation(API.webhooks.list).tags).toEqual(['webhooks']);
    expect(document.info.description).toContain(tag);
  });

  it('serves the human-readable pages of both', async () => {
    const page = await api.http().get('/api/docs/').expect(200);
    expect(page.text).toContain('swagger');
    const connectPage = await api.http().get('/api/v1/docs/').expect(200);
    expect(connectPage.text).toContain('swagger');
  });

  it('serves the integration API its own OpenAPI 3.1 document, every v1 endpoint with problem-details errors', async () => {
    const document = (await api.http().get('/api/v1/openapi.json').expect(200)).body;
    expect(document.openapi).toBe('3.1.0');
    const connect = allEndpoints().filter(isConnectEndpoint);
    expect(connect.length).toBeGreaterThan(2);
    for (const endpoint of connect) {
      const operation = document.paths[openApiPath(endpoint)]?.[endpoint.method.toLowerCase()];
      expect(operation?.summary).toBe(endpoint.summary);
      if (endpoint.access !== 'public') {
        expect(operation.security).toEqual([{ bearer: [] }, { oauth2: [] }]);
        expect(Object.keys(operation.responses['403'].content)).toEqual(['application/problem+json']);
      }
    }
    expect(document.components.securitySchemes.oauth2.flows.clientCredentials.tokenUrl).toBe('/api/v1/oauth/token');
    const feed = document.paths['/api/v1/events'].get;
    expect(feed.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(['after', 'limit']);
    expect(feed.responses['200'].content['application/json'].schema.properties.data.type).toBe('array');
    // The portal's document leaves v1 to its own.
    const portal = (await api.http().get('/api/docs-json').expect(200)).body;
    expect(Object.keys(portal.paths).some((path) => path.startsWith('/api/v1/'))).toBe(false);
  });
});

/** The path as OpenAPI writes it: `{name}` for every parameter. */
function openApiPath(endpoint: Endpoint): string {
  return serverPath(endpoint).replace(/:([A-Za-z_]+)/g, '{$1}');
}
