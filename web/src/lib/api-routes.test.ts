import { API as CONTRACT_API } from '@casebridge/contracts';
import { describe, expect, it } from 'vitest';
import { API } from './api-routes';

describe('the api routes the app calls by', () => {
  it('hold every endpoint of the contracts, with its method, path and flags and without its schemas', () => {
    const groups = Object.keys(CONTRACT_API) as (keyof typeof CONTRACT_API)[];
    expect(Object.keys(API).sort()).toEqual([...groups].sort());
    for (const group of groups) {
      const endpoints = CONTRACT_API[group] as unknown as Record<string, Record<string, unknown>>;
      const routes = API[group] as unknown as Record<string, Record<string, unknown>>;
      expect(Object.keys(routes).sort()).toEqual(Object.keys(endpoints).sort());
      for (const [name, { body: _body, query: _query, response: _response, ...route }] of Object.entries(endpoints)) {
        expect(routes[name]).toEqual(route);
      }
    }
    expect(API.cases.addNote).toMatchObject({ method: 'POST', path: 'caller/case/:token/note', idempotent: 'key' });
    expect('response' in API.cases.addNote).toBe(false);
  });
});
