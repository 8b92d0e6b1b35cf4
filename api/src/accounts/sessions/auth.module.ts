import { Global, Module } from '@nestjs/common';
import { RateLimiter } from '../../platform/redis/rate-limiter.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { OneTimeTokens } from './one-time-tokens.service';
import { SessionInvalidation } from './session-invalidation.service';
import { SessionTokenService } from './session-token.service';

/** Sessions, tokens and sign-in. Global because AccessGuard (an app-wide guard) needs SessionTokenService. */
@Global()
@Module({
  controllers: [AuthController],
  providers: [AuthService, SessionTokenService, SessionInvalidation, OneTimeTokens, RateLimiter],
  exports: [AuthService, SessionTokenService, OneTimeTokens, RateLimiter],
})
export class AuthModule {}
