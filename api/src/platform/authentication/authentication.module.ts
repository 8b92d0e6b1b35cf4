import { Global, Module } from '@nestjs/common';
import { ApiTokenAuthenticator } from './api-token-authenticator';
import { OAuthTokenAuthenticator } from './oauth-token-authenticator';
import { SessionInvalidation } from './session-invalidation.service';
import { SessionTokenService } from './session-token.service';

/**
 * Who is calling: a session's access token, an API token or an OAuth client's access token, turned into an Actor. Global because the app-wide
 * AccessGuard, the realtime gateway and the queue dashboard authenticate every call; the accounts domain issues
 * sessions and the integrations domain issues API tokens, this module only reads them.
 */
@Global()
@Module({
  providers: [SessionTokenService, SessionInvalidation, ApiTokenAuthenticator, OAuthTokenAuthenticator],
  exports: [SessionTokenService, ApiTokenAuthenticator, OAuthTokenAuthenticator],
})
export class AuthenticationModule {}
