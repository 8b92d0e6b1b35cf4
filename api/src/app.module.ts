import { Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { createOrmConfig, loadServerConfig, type ServerConfig } from '@casebridge/db';
import { LoggerModule } from 'nestjs-pino';
import { AccessGuard } from './access/access.guard';
import { AccountsModule } from './accounts/accounts.module';
import { AuthModule } from './auth/auth.module';
import { ConfigModule, SERVER_CONFIG } from './config/config.module';
import { HealthController } from './health/health.controller';
import { LandingModule } from './landing/landing.module';
import { MailModule } from './mail/mail.module';
import { RedisModule } from './redis/redis.module';

@Module({
  imports: [
    ConfigModule,
    // Lets tests and tools list every controller and its contract endpoint.
    DiscoveryModule,
    LoggerModule.forRootAsync({
      inject: [SERVER_CONFIG],
      useFactory: (config: ServerConfig) => ({
        pinoHttp: {
          level: config.LOG_LEVEL,
          // One line per request; never log bearer tokens or cookies.
          redact: ['req.headers.authorization', 'req.headers.cookie'],
          autoLogging: { ignore: (request) => request.url === '/api/health' },
        },
      }),
    }),
    MikroOrmModule.forRootAsync({
      useFactory: () => createOrmConfig(loadServerConfig().DATABASE_URL),
      driver: undefined as never,
    }),
    RedisModule,
    MailModule,
    AuthModule,
    AccountsModule,
    LandingModule,
  ],
  controllers: [HealthController],
  providers: [{ provide: APP_GUARD, useClass: AccessGuard }],
})
export class AppModule {}
