import { Global, Module } from '@nestjs/common';
import { ConnectDocsController } from '../docs/connect-docs.controller';
import { RateLimiter } from '../redis/rate-limiter.service';
import { ConnectRateLimitInterceptor } from './connect-rate-limit.interceptor';

/**
 * The integration API's HTTP conventions that need providers (its rate limit, see contract-route's Route) and its
 * OpenAPI document.
 */
@Global()
@Module({
  controllers: [ConnectDocsController],
  providers: [RateLimiter, ConnectRateLimitInterceptor],
  exports: [RateLimiter, ConnectRateLimitInterceptor],
})
export class ConnectHttpModule {}
