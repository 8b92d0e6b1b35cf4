import { createParamDecorator, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { MESSAGES } from '@casebridge/contracts';
import type { RequestWithActor } from './actor';

/** The signed-in actor; only on endpoints whose access is not public (AccessGuard has resolved it). */
export const CurrentActor = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const actor = context.switchToHttp().getRequest<RequestWithActor>().actor;
  if (!actor) throw new UnauthorizedException(MESSAGES.mustBeLoggedIn);
  return actor;
});

/** The client's address as Fastify sees it (honours X-Forwarded-For from a proxy on this host). */
export const ClientIp = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<RequestWithActor>();
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
});

/** The raw bearer token, if any. */
export const BearerToken = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  return bearerTokenOf(context.switchToHttp().getRequest<RequestWithActor>());
});

export function bearerTokenOf(request: { headers: Record<string, string | string[] | undefined> }): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}
