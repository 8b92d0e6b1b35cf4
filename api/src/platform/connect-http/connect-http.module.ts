import { Global, Module } from '@nestjs/common';
import { RateLimiter } from '../redis/rate-limiter.service';
import { ConnectRateLimitInterceptor } from './connect-rate-limit.interceptor';

/** The integration API's HTTP conventions that need providers: its rate limit (see contract-route's Route). */
@Global()
@Module({
  providers: [RateLimiter, ConnectRateLimitInterceptor],
  exports: [RateLimiter, ConnectRateLimitInterceptor],
})
export class ConnectHttpModule {}
