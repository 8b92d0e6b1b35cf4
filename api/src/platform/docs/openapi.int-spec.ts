import { allEndpoints, API, type Endpoint } from '@casebridge/contracts';
import { serverPath } from '../common/contract-route';
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
    expect(documented).toHaveLength(allEndpoints().length);
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

  it('serves the human-readable page', async () => {
    const page = await api.http().get('/api/docs/').expect(200);
    expect(page.text).toContain('swagger');
  });
});

/** The path as OpenAPI writes it: `{name}` for every parameter. */
function openApiPath(endpoint: Endpoint): string {
  return serverPath(endpoint).replace(/:([A-Za-z_]+)/g, '{$1}');
}
