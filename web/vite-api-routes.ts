import type { Plugin } from 'vite';
import { API, routeTable } from '../libs/contracts/src/index';

const MODULE_ID = 'virtual:casebridge-api-routes';

/**
 * `virtual:casebridge-api-routes`: the contracts' endpoints without their zod schemas, computed from the contracts
 * when the app is built (so it cannot drift from them). The app calls the api through this table (src/lib/api.ts).
 */
export function apiRoutes(): Plugin {
  return {
    name: 'casebridge-api-routes',
    resolveId: (source) => (source === MODULE_ID ? `\0${MODULE_ID}` : null),
    load: (id) => (id === `\0${MODULE_ID}` ? `export const API = ${JSON.stringify(routeTable(API))};` : null),
  };
}
