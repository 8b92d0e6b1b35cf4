import { allEndpoints } from '../registry';

describe('the integration API (v1) contracts', () => {
  const connect = allEndpoints().filter((endpoint) => endpoint.path.startsWith('v1/'));

  it('name the scope an OAuth client needs on every call that is not public, and only there', () => {
    const missing = connect.filter((endpoint) => endpoint.access !== 'public' && !endpoint.scope);
    expect(missing.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual([]);
    const outside = allEndpoints().filter((endpoint) => endpoint.scope && !endpoint.path.startsWith('v1/'));
    expect(outside.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual([]);
  });

  it('make every POST idempotent under an Idempotency-Key', () => {
    const once = connect.filter((endpoint) => endpoint.method === 'POST' && endpoint.path !== 'v1/oauth/token');
    expect(once.filter((endpoint) => endpoint.idempotent !== 'key').map((endpoint) => endpoint.path)).toEqual([]);
  });
});
