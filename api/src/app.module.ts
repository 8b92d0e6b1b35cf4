import { Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { createOrmConfig, loadServerConfig, type ServerConfig } from '@casebridge/db';
import { LoggerModule } from 'nestjs-pino';
import { AccessGuard } from './access/access.guard';
import { AdminCompanyModule } from './admin-company/admin-company.module';
import { AccountsModule } from './accounts/accounts.module';
import { AuthModule } from './auth/auth.module';
import { ApiTokensModule } from './api-tokens/api-tokens.module';
import { AdminProcessesModule } from './admin-processes/admin-processes.module';
import { AdminGroupsModule } from './admin-groups/admin-groups.module';
import { CasesModule } from './cases/cases.module';
import { ConfigModule, SERVER_CONFIG } from './config/config.module';
import { DirectoryModule } from './directory/directory.module';
import { ExportsModule } from './exports/exports.module';
import { IdempotencyModule } from './idempotency/idempotency.module';
import { ReportsModule } from './reports/reports.module';
import { HealthController } from './health/health.controller';
import { LandingModule } from './landing/landing.module';
import { MailModule } from './mail/mail.module';
import { MetricsModule } from './metrics/metrics.module';
import { ManagerRequestsModule } from './manager-requests/manager-requests.module';
import { OnboardingModule } from './onboarding/onboarding.module';
import { ProfileModule } from './profile/profile.module';
import { RedisModule } from './redis/redis.module';
import { QueuesModule } from './queues/queues.module';
import { RealtimeModule } from './realtime/realtime.module';
import { ReadCacheModule } from './read-cache/read-cache.module';
import { SubmissionsModule } from './submissions/submissions.module';
import { SsoModule } from './sso/sso.module';
import { SuperAdminCompaniesModule } from './super-admin/companies/super-admin-companies.module';
import { SuperAdminUsersModule } from './super-admin/users/super-admin-users.module';
import { SuperAdminGroupsModule } from './super-admin/groups/super-admin-groups.module';
import { SuperAdminDocumentsModule } from './super-admin/documents/super-admin-documents.module';
import { SuperAdminDepartmentsModule } from './super-admin/departments/super-admin-departments.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { SuperAdminOnboardingModule } from './super-admin/onboarding/super-admin-onboarding.module';
import { SuperAdminEscalationModule } from './super-admin/escalation/super-admin-escalation.module';
import { SuperAdminReportsModule } from './super-admin/reports/super-admin-reports.module';
import { QueueDashboardModule } from './super-admin/queues/queue-dashboard.module';
import { EmailTemplatesModule } from './email-templates/email-templates.module';
import { TeamsModule } from './teams/teams.module';

@Module({
  imports: [
    ConfigModule,
    // Lets tests and tools list every controller and its contract endpoint.
    DiscoveryModule,
    LoggerModule.forRootAsync({
      inject: [SERVER_CONFIG],
      useFactory: (config: ServerConfig) => ({
        pinoHttp: { level: config.LOG_LEVEL },
        // No per-request middleware: the request log is one line from a Fastify hook (http/request-hooks.ts).
        forRoutes: [],
      }),
    }),
    MikroOrmModule.forRootAsync({
      // The request's ORM context is a Fastify hook too (http/request-hooks.ts), not a middleware.
      useFactory: () => ({ ...createOrmConfig(loadServerConfig().DATABASE_URL), registerRequestContext: false }),
      driver: undefined as never,
    }),
    RedisModule,
    MetricsModule,
    ReadCacheModule,
    QueuesModule,
    IdempotencyModule,
    RealtimeModule,
    MailModule,
    AuthModule,
    AccountsModule,
    LandingModule,
    DirectoryModule,
    SubmissionsModule,
    CasesModule,
    ManagerRequestsModule,
    ProfileModule,
    ExportsModule,
    ReportsModule,
    WebhooksModule,
    ApiTokensModule,
    AdminCompanyModule,
    AdminProcessesModule,
    AdminGroupsModule,
    OnboardingModule,
    SsoModule,
    SuperAdminCompaniesModule,
    SuperAdminUsersModule,
    SuperAdminGroupsModule,
    // After SuperAdminCompaniesModule: its companies/{id}/users/export wins over users/{relation_id}.
    SuperAdminDocumentsModule,
    SuperAdminDepartmentsModule,
    SuperAdminOnboardingModule,
    SuperAdminEscalationModule,
    SuperAdminReportsModule,
    QueueDashboardModule,
    EmailTemplatesModule,
    TeamsModule,
  ],
  controllers: [HealthController],
  providers: [{ provide: APP_GUARD, useClass: AccessGuard }],
})
export class AppModule {}
