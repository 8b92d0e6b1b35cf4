import type { API as CONTRACT_API } from '@casebridge/contracts';
import { API as ROUTES } from 'virtual:casebridge-api-routes';

/**
 * Every endpoint of the api as the app calls it: the contracts' registry without its zod schemas (built from it by
 * vite-api-routes.ts), so the first page's script holds no validation library. Typed as the contracts' registry,
 * so calls keep their body, query and answer types; `body`, `query` and `response` are absent at run time (the
 * forms import the schemas they validate with).
 */
export const API = ROUTES as unknown as typeof CONTRACT_API;
