import { accountApi, authApi, landingApi } from './auth';
import type { Endpoint } from './endpoint';
import { systemApi } from './system';

/** Every endpoint of the api, grouped by area. /api/docs and the route-coverage test read this. */
export const API = {
  system: systemApi,
  auth: authApi,
  account: accountApi,
  landing: landingApi,
} as const;

export function allEndpoints(): Endpoint[] {
  return Object.values(API).flatMap((group) => Object.values(group) as Endpoint[]);
}
