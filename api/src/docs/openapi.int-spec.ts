import { allEndpoints } from '@casebridge/contracts';
import { startApi, type ApiHarness } from '../../test/api-harness';

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

  it('serves the human-readable page', async () => {
    const page = await api.http().get('/api/docs/').expect(200);
    expect(page.text).toContain('swagger');
  });
});
