import { Global, Module } from '@nestjs/common';
import { loadServerConfig, type ServerConfig } from '@casebridge/server-core';

/** Injection token of the validated server configuration. */
export const SERVER_CONFIG = Symbol('SERVER_CONFIG');

@Global()
@Module({
  providers: [{ provide: SERVER_CONFIG, useFactory: (): ServerConfig => loadServerConfig() }],
  exports: [SERVER_CONFIG],
})
export class ConfigModule {}
