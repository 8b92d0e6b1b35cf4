import {
  ForbiddenException,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { isCompanyAdminRole, MESSAGES, type EndpointAccess } from '@casebridge/contracts';
import { endpointOf } from '../common/contract-route';
import { SessionTokenService } from '../auth/session-token.service';
import type { Actor, RequestWithActor } from './actor';
import { bearerTokenOf } from './current-actor.decorator';

/**
 * The one place where HTTP access is decided, from the endpoint's `access` in the contracts.
 * A handler bound to no contract endpoint is refused: a route cannot ship without its rule.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(private readonly sessions: SessionTokenService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const endpoint = endpointOf(context);
    if (!endpoint) throw new ForbiddenException(MESSAGES.noAccess);
    const request = context.switchToHttp().getRequest<RequestWithActor>();
    if (endpoint.access === 'public') return true;

    const token = bearerTokenOf(request);
    if (!token) throw new UnauthorizedException(MESSAGES.mustBeLoggedIn);
    const actor = await this.sessions.authenticate(token);
    if (!actor) throw new UnauthorizedException(MESSAGES.sessionExpired);
    request.actor = actor;
    if (!isAllowed(endpoint.access, actor)) throw new ForbiddenException(MESSAGES.noAccess);
    return true;
  }
}

export function isAllowed(access: EndpointAccess, actor: Actor): boolean {
  switch (access) {
    case 'public':
    case 'user':
      return true;
    case 'company_admin':
      return isCompanyAdminRole(actor.role) && actor.companyId !== null;
    case 'super_admin':
      return actor.role === 'super_admin';
  }
}
