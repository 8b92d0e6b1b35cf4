import { endpointPath, type Endpoint } from '@casebridge/contracts';
import type { Response } from 'supertest';
import { serverPath } from '../src/platform/common/contract-route';
import { bearer, type ApiHarness } from '../../test/kit/api-harness';
import { defaultParams } from '../src/platform/access/matrix/default-params';
import type { ActorName, MatrixRow, Outcome, World } from '../src/platform/access/matrix/matrix-types';

/** Sends one endpoint as one actor, with the row's params and body. */
export function callAs(
  api: ApiHarness,
  endpoint: Endpoint,
  row: Pick<MatrixRow, 'params' | 'body' | 'query' | 'multipart'>,
  world: World,
  actor: ActorName,
  token: string | undefined,
): Promise<Response> {
  const params = { ...defaultParams(endpoint.path, world), ...(row.params?.(world, actor) ?? {}) };
  // Anonymous callers of case-token calls get a wrong token; the token holder the real one.
  if (actor === 'anonymous' && 'token' in params) params.token = 'not-a-case-token-0000000000000000';
  const path = endpointPath(serverPath(endpoint), params);
  const query = row.query?.(world, actor) ?? {};
  let call;
  switch (endpoint.method) {
    case 'GET':
      call = api.http().get(path).query(query);
      break;
    case 'DELETE':
      call = api.http().delete(path);
      break;
    case 'PUT':
      call = api
        .http()
        .put(path)
        .send(row.body?.(world, actor) ?? {});
      break;
    default:
      if (row.multipart) {
        const form = row.multipart(world, actor);
        call = api.http().post(path).query(query);
        for (const [name, value] of Object.entries(form.fields)) call = call.field(name, value);
        for (const file of form.files)
          call = call.attach(file.field, Buffer.from(file.content ?? `matrix ${actor}\n`), file.name);
        break;
      }
      call = api
        .http()
        .post(path)
        .query(query)
        .send(row.body?.(world, actor) ?? {});
  }
  return token ? call.set(bearer(token)) : call;
}

export function matches(outcome: Outcome, status: number): boolean {
  if (outcome === 'ok') return status >= 200 && status < 300;
  if (outcome === '403|404') return status === 403 || status === 404;
  return status === outcome;
}
