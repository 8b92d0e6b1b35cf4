import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call an endpoint; the api enforces it with one guard per kind of actor. */
export type EndpointAccess = 'public' | 'user' | 'company_admin' | 'super_admin';

/**
 * One API call of the product: the path under /api (Express-style ":param"; a path starting with "/" is served
 * from the site root instead, e.g. /resources/...), its schemas and who may call it.
 * The api validates with these schemas, the web calls through them and /api/docs is generated from them.
 */
export interface Endpoint<
  TBody extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  access: EndpointAccess;
  /**
   * A feature a limited membership does not have (its page hides or blocks it): such callers get 403
   * MESSAGES.membershipBlocked after the `access` check and before the body is read. Super admins are never limited.
   */
  refusesLimitedMembership?: true;
  summary: string;
  body?: TBody;
  query?: TQuery;
  response: TResponse;
  /** The answer is a file, not JSON. */
  file?: boolean;
  /** 201: the call creates the resource it answers (every other call answers 200). */
  status?: 201;
  /** multipart/form-data request. */
  multipart?: boolean;
  /**
   * The file part of a multipart request (`body` holds its text fields): its name and how many files it takes. The
   * OpenAPI documents describe it as binary parts.
   */
  fileField?: { name: string; maxCount: number };
  /**
   * Done once per `Idempotency-Key` header (see IDEMPOTENCY): a repeat answers the first result.
   * 'key_or_repeat' also answers an identical request of the same user within IDEMPOTENCY.repeatWindowSeconds
   * that carries no key (a double submit from a client that sends none).
   */
  idempotent?: 'key' | 'key_or_repeat';
  /**
   * Honours the CHECK_ONLY header: the server runs every check of the request (its schema and the rules that need
   * the database) and answers 422 with every field error, or 204 when it found none; nothing is done.
   */
  checkOnly?: true;
  /**
   * Integration API (v1) only: the scope an OAuth client needs for this call (sessions and API tokens act with
   * their user's role alone). Every v1 endpoint that is not public names one.
   */
  scope?: 'cases:read' | 'cases:write' | 'webhooks:manage';
}

/**
 * A form whose browser check already failed asks the server for its own findings (a taken e-mail or slug, the
 * process's own fields) with this header, so one Submit shows every error and nothing is saved meanwhile.
 * Only endpoints marked `checkOnly` honour it.
 */
export const CHECK_ONLY = { header: 'X-Check-Only', value: '1' } as const;

/** Idempotent requests (Endpoint.idempotent): the header, how long a key answers, and the repeat window. */
export const IDEMPOTENCY = {
  header: 'Idempotency-Key',
  keyMaxLength: 255,
  keyLifetimeHours: 24,
  repeatWindowSeconds: 60,
} as const;

export function endpoint<TBody extends z.ZodType, TQuery extends z.ZodType, TResponse extends z.ZodType>(
  definition: Endpoint<TBody, TQuery, TResponse>,
): Endpoint<TBody, TQuery, TResponse> {
  return definition;
}

export type BodyOf<E> = E extends Endpoint<infer B, z.ZodType, z.ZodType> ? z.input<B> : never;
export type QueryOf<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType> ? z.input<Q> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** Fills ":param" segments of an endpoint path. */
export function endpointPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_match, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`endpointPath(${path}): missing parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}

/** The URL of an endpoint as the browser calls it: /api/... or the absolute path, with parameters filled. */
export function endpointUrl(endpoint: Pick<Endpoint, 'path'>, params: Record<string, string | number> = {}): string {
  const path = endpointPath(endpoint.path, params);
  return path.startsWith('/') ? path : `/api/${path}`;
}

/** An endpoint without its schemas: what a browser needs to call it (method, path, flags). */
export type EndpointRoute = Omit<Endpoint, 'body' | 'query' | 'response'>;

/**
 * A registry of endpoints (group → name → endpoint) as routes, for the web app's build: its pages call the api by
 * these, and leaving the schemas out keeps zod out of the first page's script (the forms import their own).
 */
export function routeTable(
  registry: Record<string, Record<string, Endpoint>>,
): Record<string, Record<string, EndpointRoute>> {
  return Object.fromEntries(
    Object.entries(registry).map(([group, endpoints]) => [
      group,
      Object.fromEntries(
        Object.entries(endpoints).map(([name, { body: _body, query: _query, response: _response, ...route }]) => [
          name,
          route,
        ]),
      ),
    ]),
  );
}
