import { Global, Module } from '@nestjs/common';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyStore } from './idempotency.store';

/**
 * Idempotency-Key handling for the endpoints the contracts mark `idempotent` (docs/decisions.md). Route() puts the
 * interceptor on those handlers only: as a global interceptor it cost every other request Nest's interceptor chain
 * (two async resources and an observable), about a third of a request that does no database work. Global so the
 * feature modules that declare those handlers can build it.
 */
@Global()
@Module({
  providers: [IdempotencyStore, IdempotencyInterceptor],
  exports: [IdempotencyStore, IdempotencyInterceptor],
})
export class IdempotencyModule {}
