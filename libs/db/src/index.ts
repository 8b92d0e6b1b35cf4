export * from './entities';
export { createOrmConfig } from './mikro-orm.config';
export {
  seedDemo,
  describeSeedSummary,
  DEMO_IDENTITIES,
  DEMO_PASSWORD,
  type DemoSeedSummary,
} from './seeders/demo-seeder';
export { DEFAULT_EMAIL_TEMPLATES } from './seeders/email-templates';
export {
  createSandboxPartner,
  SANDBOX_INSTRUCTIONS,
  type SandboxPartner,
  type SandboxPartnerOptions,
} from './seeders/sandbox-partner';
export { EMAIL_TEMPLATE_VARIABLES } from './seeders/email-templates';
export { migrateDatabase, seedDatabase, withOrm } from './admin/schema';
export {
  DatabaseUnreachableError,
  assertServerReachable,
  databaseNameFromUrl,
  databaseUrlFor,
  redactUrl,
} from './admin/database-server';
export { AfterCommit, rootTransaction } from './after-commit';
export {
  usageReportRowsQuery,
  usageReportCountQuery,
  type UsageReportRecord,
  type UsageReportQueryOptions,
} from './queries/usage-report';
export { inboundActionTotals } from './queries/inbound-action';
export { groupPartnersQuery, type GroupPartnerRecord, type GroupPartnersQueryOptions } from './queries/group-partners';
export {
  escalationQueueRowsQuery,
  escalationQueueMatchingQuery,
  ESCALATION_SORT_SQL,
  toEscalationRow,
  type EscalationQueueRecord,
  type EscalationQueueOptions,
  type EscalationPageOptions,
  type EscalationSortColumn,
} from './queries/escalation-queue';
export {
  renderTemplate,
  placeholdersIn,
  escapeHtml,
  type StoredTemplate,
  type RenderedTemplate,
} from './mail/template-renderer';
export { applyMailPreferences, mailPreferencesOf, saveMailPreferences } from './mail/mail-preferences';
export {
  FILE_TYPES,
  UPLOAD_KINDS,
  OCTET_STREAM,
  SNIFF_BYTES,
  extensionOf,
  identifyFile,
  isActiveContent,
  servedContentType,
  type FileTypeName,
  type UploadKind,
} from './files/file-types';
export * from './case-events';
export * from './attention';
