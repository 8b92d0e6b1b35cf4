import { Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { createOrmConfig } from '@casebridge/db';
import { loadServerConfig, type ServerConfig } from '@casebridge/server-core';
import { LoggerModule } from 'nestjs-pino';
import { AccessGuard } from './platform/access/access.guard';
import { AdminCompanyModule } from './companies/company-admin/admin-company.module';
import { AccountsModule } from './accounts/accounts.module';
import { AuthModule } from './accounts/sessions/auth.module';
import { AuthenticationModule } from './platform/authentication/authentication.module';
import { ApiTokensModule } from './integrations/api-tokens/api-tokens.module';
import { AdminProcessesModule } from './processes/company-admin/admin-processes.module';
import { AdminGroupsModule } from './groups/company-admin/admin-groups.module';
import { CasesModule } from './cases/cases.module';
import { ConfigModule, SERVER_CONFIG } from './platform/config/config.module';
import { StorageModule } from './platform/storage/storage.module';
import { DirectoryModule } from './directory/directory.module';
import { ExportsModule } from './platform/exports/exports.module';
import { IdempotencyModule } from './platform/idempotency/idempotency.module';
import { ReportsModule } from './reports/reports.module';
import { HealthController } from './platform/health/health.controller';
import { DatabaseProbe } from './platform/health/database-probe';
import { ShutdownDrain } from './platform/health/shutdown-drain';
import { LandingModule } from './accounts/landing/landing.module';
import { MailModule } from './platform/mail/mail.module';
import { MetricsModule } from './platform/metrics/metrics.module';
import { ManagerRequestsModule } from './cases/manager-requests/manager-requests.module';
import { OnboardingModule } from './onboarding/onboarding.module';
import { RedisModule } from './platform/redis/redis.module';
import { QueuesModule } from './platform/queues/queues.module';
import { RealtimeModule } from './platform/realtime/realtime.module';
import { ReadCacheModule } from './platform/read-cache/read-cache.module';
import { SubmissionsModule } from './cases/submissions/submissions.module';
import { SsoModule } from './companies/sso/sso.module';
import { SuperAdminCompaniesModule } from './companies/back-office/super-admin-companies.module';
import { SuperAdminUsersModule } from './companies/back-office-users/super-admin-users.module';
import { SuperAdminGroupsModule } from './groups/back-office/super-admin-groups.module';
import { SuperAdminDocumentsModule } from './processes/back-office/super-admin-documents.module';
import { SuperAdminDepartmentsModule } from './companies/departments/super-admin-departments.module';
import { WebhooksModule } from './integrations/webhooks/webhooks.module';
import { SuperAdminOnboardingModule } from './onboarding/back-office/super-admin-onboarding.module';
import { SuperAdminEscalationModule } from './cases/back-office/super-admin-escalation.module';
import { SuperAdminReportsModule } from './reports/back-office/super-admin-reports.module';
import { QueueDashboardModule } from './platform/queue-dashboard/queue-dashboard.module';
import { EmailTemplatesModule } from './email-templates/email-templates.module';
import { TeamsModule } from './integrations/teams/teams.module';
import { ConnectModule } from './integrations/connect/connect.module';
import { OAuthClientsModule } from './integrations/oauth-clients/oauth-clients.module';
import { ConnectHttpModule } from './platform/connect-http/connect-http.module';

@Module({
  imports: [
    ConfigModule,
    StorageModule,
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
    ConnectHttpModule,
    RealtimeModule,
    MailModule,
    AuthenticationModule,
    AuthModule,
    AccountsModule,
    LandingModule,
    DirectoryModule,
    SubmissionsModule,
    CasesModule,
    ManagerRequestsModule,
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
    ConnectModule,
    OAuthClientsModule,
  ],
  controllers: [HealthController],
  providers: [{ provide: APP_GUARD, useClass: AccessGuard }, ShutdownDrain, DatabaseProbe],
})
export class AppModule {}
