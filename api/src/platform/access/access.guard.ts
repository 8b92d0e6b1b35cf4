import {
  ForbiddenException,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import {
  API_TOKEN_MESSAGES,
  isApiTokenText,
  isCompanyAdminRole,
  isOAuthAccessTokenText,
  MESSAGES,
  OAUTH_MESSAGES,
  type Endpoint,
  type EndpointAccess,
} from '@casebridge/contracts';
import { ApiTokenAuthenticator } from '../authentication/api-token-authenticator';
import { apiTokenMayCall } from '../authentication/api-token-scope';
import { OAuthTokenAuthenticator } from '../authentication/oauth-token-authenticator';
import { endpointOf, isConnectEndpoint } from '../common/contract-route';
import { SessionTokenService } from '../authentication/session-token.service';
import { hasLimitedMembership, type Actor, type RequestWithActor } from './actor';
import { bearerTokenOf } from './current-actor.decorator';

/**
 * The one place where HTTP access is decided, from the endpoint's `access` and `refusesLimitedMembership` in the
 * contracts.
 * A handler bound to no contract endpoint is refused: a route cannot ship without its rule.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly sessions: SessionTokenService,
    private readonly apiTokens: ApiTokenAuthenticator,
    private readonly oauthTokens: OAuthTokenAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const endpoint = endpointOf(context);
    if (!endpoint) throw new ForbiddenException(MESSAGES.noAccess);
    const request = context.switchToHttp().getRequest<RequestWithActor>();
    if (endpoint.access === 'public') return true;

    const token = bearerTokenOf(request);
    if (!token) throw new UnauthorizedException(MESSAGES.mustBeLoggedIn);
    const actor = await this.authenticate(token, endpoint);
    request.actor = actor;
    if (!isAllowed(endpoint.access, actor)) throw new ForbiddenException(MESSAGES.noAccess);
    // After the role check (a limited caller on an admin call is told it lacks the role, as the web's guards do)
    // and before any pipe, so a limited member learns nothing from validation.
    if (endpoint.refusesLimitedMembership && hasLimitedMembership(actor)) {
      throw new ForbiddenException(MESSAGES.membershipBlocked);
    }
    return true;
  }

  /**
   * API tokens of api users (`cbk_...`) act as their user, except on the calls that manage sessions, the account or
   * credentials; OAuth access tokens (`cba_...`) act as their client's api user on the integration API only, within
   * their scopes. Every other bearer is a session JWT.
   */
  private async authenticate(token: string, endpoint: Endpoint): Promise<Actor> {
    if (isOAuthAccessTokenText(token)) {
      const actor = await this.oauthTokens.authenticate(token);
      if (!actor) throw new UnauthorizedException(OAUTH_MESSAGES.invalidClient);
      if (!isConnectEndpoint(endpoint)) throw new ForbiddenException(OAUTH_MESSAGES.onlyConnect);
      if (endpoint.scope && !actor.scopes?.includes(endpoint.scope)) {
        throw new ForbiddenException(OAUTH_MESSAGES.missingScope(endpoint.scope));
      }
      return actor;
    }
    if (isApiTokenText(token)) {
      const actor = await this.apiTokens.authenticate(token);
      if (!actor) throw new UnauthorizedException(API_TOKEN_MESSAGES.invalid);
      if (!apiTokenMayCall(endpoint)) throw new ForbiddenException(API_TOKEN_MESSAGES.refused);
      return actor;
    }
    const actor = await this.sessions.authenticate(token);
    if (!actor) throw new UnauthorizedException(MESSAGES.sessionExpired);
    return actor;
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
