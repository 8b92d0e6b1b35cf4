import { Global, Module } from '@nestjs/common';
import { ApiTokenAuthenticator } from './api-token-authenticator';
import { SessionInvalidation } from './session-invalidation.service';
import { SessionTokenService } from './session-token.service';

/**
 * Who is calling: a session's access token or an API token, turned into an Actor. Global because the app-wide
 * AccessGuard, the realtime gateway and the queue dashboard authenticate every call; the accounts domain issues
 * sessions and the integrations domain issues API tokens, this module only reads them.
 */
@Global()
@Module({
  providers: [SessionTokenService, SessionInvalidation, ApiTokenAuthenticator],
  exports: [SessionTokenService, ApiTokenAuthenticator],
})
export class AuthenticationModule {}
