import { Global, Module } from '@nestjs/common';
import { RateLimiter } from '../../platform/redis/rate-limiter.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { OneTimeTokens } from './one-time-tokens.service';

/** Signing in and out, one-time tokens. Global: sign-in rules and one-time tokens serve several domains. */
@Global()
@Module({
  controllers: [AuthController],
  providers: [AuthService, OneTimeTokens, RateLimiter],
  exports: [AuthService, OneTimeTokens, RateLimiter],
})
export class AuthModule {}
