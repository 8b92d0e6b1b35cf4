import { ApiToken } from './accounts/api-token.entity';
import { AuthSession } from './accounts/auth-session.entity';
import { Company } from './accounts/company.entity';
import { Country } from './accounts/country.entity';
import { Department } from './accounts/department.entity';
import { LoginEvent } from './accounts/login-event.entity';
import { DigestSend, MailPreference } from './accounts/mail-preference.entity';
import { OneTimeToken } from './accounts/one-time-token.entity';
import { User } from './accounts/user.entity';
import { CaseAttachment } from './cases/case-attachment.entity';
import { CaseCustomerData } from './cases/case-customer-data.entity';
import { CaseEvent } from './cases/case-event.entity';
import { CaseReader } from './cases/case-reader.entity';
import { CaseNote } from './cases/case-note.entity';
import { CaseResponse } from './cases/case-response.entity';
import { Case } from './cases/case.entity';
import { ManagerRequest, ManagerResponse } from './cases/manager-request.entity';
import { EmailTemplate } from './content/email-template.entity';
import { HelpHint } from './content/help-hint.entity';
import { ContactDocument } from './documents/contact-document.entity';
import { DocumentNote } from './documents/document-note.entity';
import {
  DocumentEmailTemplate,
  DocumentFile,
  DocumentGroup,
  DocumentLinkage,
  DocumentManager,
  DocumentTag,
} from './documents/document-parts.entity';
import { DocumentVersion } from './documents/document-version.entity';
import { ProcessView } from './documents/process-view.entity';
import { Requirement } from './documents/requirement.entity';
import { VersionRequirement } from './documents/version-requirement.entity';
import { Community } from './groups/community.entity';
import { CompanyGroupRelation } from './groups/company-group-relation.entity';
import { GroupDocument } from './groups/group-document.entity';
import { ExportJob } from './integrations/export-job.entity';
import { IdempotencyKey } from './integrations/idempotency-key.entity';
import { OnboardingPayment, OnboardingSession } from './integrations/onboarding-session.entity';
import { WebhookDelivery, WebhookEndpoint } from './integrations/webhook.entity';
import { OAuthAccessToken, OAuthClient } from './integrations/oauth-client.entity';
import { ChangeRequest } from './members/change-request.entity';
import { Favorite } from './members/favorite.entity';
import { SavedSearch, SearchResultPick } from './members/saved-search.entity';

export {
  ApiToken,
  DigestSend,
  MailPreference,
  OAuthAccessToken,
  OAuthClient,
  AuthSession,
  Case,
  CaseAttachment,
  CaseCustomerData,
  CaseEvent,
  CaseReader,
  CaseNote,
  CaseResponse,
  ChangeRequest,
  Community,
  Company,
  CompanyGroupRelation,
  ContactDocument,
  Country,
  Department,
  DocumentEmailTemplate,
  DocumentFile,
  DocumentGroup,
  DocumentLinkage,
  DocumentManager,
  DocumentNote,
  DocumentTag,
  DocumentVersion,
  EmailTemplate,
  ExportJob,
  Favorite,
  GroupDocument,
  HelpHint,
  IdempotencyKey,
  LoginEvent,
  ManagerRequest,
  ManagerResponse,
  OnboardingPayment,
  OnboardingSession,
  OneTimeToken,
  ProcessView,
  Requirement,
  SavedSearch,
  SearchResultPick,
  User,
  VersionRequirement,
  WebhookDelivery,
  WebhookEndpoint,
};
export { normalizeEmail, PICKABLE_USER } from './accounts/user.entity';
export type { CommunityLink } from './groups/community.entity';

/** Every entity of the model; the ORM is configured with exactly this list (no folder discovery). */
export const ALL_ENTITIES = [
  Country,
  Company,
  Department,
  User,
  AuthSession,
  OneTimeToken,
  ApiToken,
  OAuthAccessToken,
  OAuthClient,
  LoginEvent,
  Community,
  CompanyGroupRelation,
  GroupDocument,
  ContactDocument,
  DocumentVersion,
  DocumentGroup,
  DocumentTag,
  DocumentManager,
  DocumentEmailTemplate,
  DocumentFile,
  DocumentLinkage,
  Requirement,
  VersionRequirement,
  DocumentNote,
  ProcessView,
  Favorite,
  SavedSearch,
  SearchResultPick,
  ChangeRequest,
  EmailTemplate,
  HelpHint,
  Case,
  CaseCustomerData,
  CaseResponse,
  CaseNote,
  CaseAttachment,
  CaseEvent,
  CaseReader,
  MailPreference,
  DigestSend,
  ManagerRequest,
  ManagerResponse,
  OnboardingSession,
  OnboardingPayment,
  WebhookEndpoint,
  WebhookDelivery,
  ExportJob,
  IdempotencyKey,
];
