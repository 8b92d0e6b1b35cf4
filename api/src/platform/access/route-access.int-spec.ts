import { allEndpoints, endpointPath, type Endpoint } from '@casebridge/contracts';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { ENDPOINT_METADATA, serverPath } from '../common/contract-route';
import { bearer, startApi, type ApiHarness } from '../../../../test/kit/api-harness';
import { aCompany, aUser, signedIn } from '../../../../test/kit/factories';

/** Fills every path parameter with a harmless value of the right kind. */
function samplePath(endpoint: Endpoint): string {
  const params = Object.fromEntries(
    [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map(([, name]) => [name, /id$/.test(name) ? '1' : 'sample']),
  );
  return endpointPath(serverPath(endpoint), params);
}

function send(api: ApiHarness, endpoint: Endpoint, token?: string) {
  const path = samplePath(endpoint);
  const call =
    endpoint.method === 'GET'
      ? api.http().get(path)
      : endpoint.method === 'DELETE'
        ? api.http().delete(path)
        : endpoint.method === 'PUT'
          ? api.http().put(path).send({})
          : api.http().post(path).send({});
  return token ? call.set(bearer(token)) : call;
}

describe('every route has its rule', () => {
  let api: ApiHarness;
  // A caller and a business manager of a full member company, each signed in once: refused calls end no session.
  let callerToken: string;
  let businessManagerToken: string;

  beforeAll(async () => {
    api = await startApi();
    const company = await aCompany(api);
    callerToken = await signedIn(api, await aUser(api, { company, role: 'caller' }));
    businessManagerToken = await signedIn(api, await aUser(api, { company, role: 'business_manager' }));
  });
  afterAll(() => api.close());

  it('each contract endpoint has exactly one handler and each handler an endpoint', () => {
    const discovery = api.app.get(DiscoveryService);
    const scanner = api.app.get(MetadataScanner);
    const bound: string[] = [];
    for (const wrapper of discovery.getControllers()) {
      const prototype = Object.getPrototypeOf(wrapper.instance) as object;
      for (const method of scanner.getAllMethodNames(prototype)) {
        const handler = (prototype as Record<string, unknown>)[method] as object;
        const endpoint = Reflect.getMetadata(ENDPOINT_METADATA, handler) as Endpoint | undefined;
        if (!endpoint) throw new Error(`${wrapper.name}.${method} is bound to no contract endpoint`);
        bound.push(`${endpoint.method} ${endpoint.path}`);
      }
    }
    const declared = allEndpoints().map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect([...bound].sort()).toEqual([...declared].sort());
  });

  it.each(
    allEndpoints()
      .filter((endpoint) => endpoint.access !== 'public')
      .map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const),
  )('anonymous %s → 401', async (_name, endpoint) => {
    await send(api, endpoint).expect(401);
  });

  it.each(
    allEndpoints()
      .filter((endpoint) => endpoint.access === 'super_admin' || endpoint.access === 'company_admin')
      .map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const),
  )('a caller on %s → 403', async (_name, endpoint) => {
    await send(api, endpoint, callerToken).expect(403);
  });

  it.each(
    allEndpoints()
      .filter((endpoint) => endpoint.access === 'super_admin')
      .map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const),
  )('a business manager on %s → 403', async (_name, endpoint) => {
    await send(api, endpoint, businessManagerToken).expect(403);
  });
});
