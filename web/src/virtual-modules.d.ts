/** The contracts' endpoints without their schemas (vite-api-routes.ts); typed where it is used (lib/api-routes.ts). */
declare module 'virtual:casebridge-api-routes' {
  export const API: Record<string, Record<string, unknown>>;
}
