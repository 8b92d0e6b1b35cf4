import type { EntityManager } from '@mikro-orm/postgresql';
import type { DocumentType, RequirementSection } from '@casebridge/contracts';
import { Company } from '../../entities/accounts/company.entity';
import { Department } from '../../entities/accounts/department.entity';
import { User } from '../../entities/accounts/user.entity';
import { EmailTemplate } from '../../entities/content/email-template.entity';
import { ContactDocument } from '../../entities/documents/contact-document.entity';
import {
  DocumentEmailTemplate,
  DocumentFile,
  DocumentLinkage,
  DocumentManager,
  DocumentTag,
} from '../../entities/documents/document-parts.entity';
import { DocumentVersion } from '../../entities/documents/document-version.entity';
import { type DemoAccounts, demoUser } from './accounts';
import { type DemoRequirements, FULL_FORM_LAYOUT, placeRequirements, SHORT_FORM_LAYOUT } from './requirements';
import { demoPdf, writeDemoFiles } from './demo-files';
import { daysAgo } from './time';

interface DocumentDefinition {
  company: Company;
  name: string;
  type: DocumentType;
  title?: string;
  jsonType?: string;
  collaborateEmail?: string;
  collaborateCcEmail?: string;
  escalationInstructions?: string;
  escalationAlias?: string;
  adminNote?: string;
  escalationUser?: User;
  altEscalationUser?: User;
  managers?: { main: User; alternate?: User };
  layout?: Record<RequirementSection, { codeLabel: string; required?: boolean; group?: string }[]>;
  tags?: string[];
  departments?: Department[];
  emailTemplate?: EmailTemplate;
  staticDocument?: string;
  parentOptionName?: string;
  supportHours?: string;
  productSupported?: string;
}

export interface DemoDocument {
  document: ContactDocument;
  version: DocumentVersion;
}

export interface DemoDocuments {
  globexCollaboration: DemoDocument;
  globexBackupSupport: DemoDocument;
  globexJsonIntake: DemoDocument;
  globexSupportPolicy: DemoDocument;
  globexSupportOptions: DemoDocument;
  globexManagerEscalation: DemoDocument;
  acmeCollaboration: DemoDocument;
  acmeManagerEscalation: DemoDocument;
  initechCollaboration: DemoDocument;
  umbrellaCollaboration: DemoDocument;
}

function createDocument(
  em: EntityManager,
  requirements: DemoRequirements,
  definition: DocumentDefinition,
): DemoDocument {
  const createdAt = daysAgo(200);
  const document = em.create(ContactDocument, {
    company: definition.company,
    name: definition.name,
    staticDocument: definition.staticDocument ?? null,
    parentOptionName: definition.parentOptionName ?? null,
    createdAt,
  });
  const version = em.create(DocumentVersion, {
    document,
    versionNumber: 1,
    status: 'approved',
    documentType: definition.type,
    jsonType: definition.jsonType ?? null,
    title: definition.title ?? definition.name,
    supportHours: definition.supportHours ?? '7/24/365',
    productSupported: definition.productSupported ?? 'All',
    collaborateEmail: definition.collaborateEmail ?? null,
    collaborateCcEmail: definition.collaborateCcEmail ?? null,
    escalationInstructions: definition.escalationInstructions ?? null,
    escalationAlias: definition.escalationAlias ?? null,
    adminNote: definition.adminNote ?? null,
    escalationUser: definition.escalationUser ?? null,
    altEscalationUser: definition.altEscalationUser ?? null,
    createdAt,
  });
  document.currentVersion = version;
  if (definition.layout) placeRequirements(em, version, requirements, definition.layout);
  if (definition.managers) {
    em.create(DocumentManager, { document, user: definition.managers.main, userType: 'main' });
    if (definition.managers.alternate) {
      em.create(DocumentManager, { document, user: definition.managers.alternate, userType: 'alternate' });
    }
  }
  for (const tag of definition.tags ?? []) em.create(DocumentTag, { document, tag });
  for (const department of definition.departments ?? []) {
    document.departments.add(department);
    department.contactDocument = document;
  }
  if (definition.emailTemplate) {
    const type = definition.type === 'manager' ? 'manager-request' : 'new_receiving_member';
    em.create(DocumentEmailTemplate, { document, type, template: definition.emailTemplate });
  }
  return { document, version };
}

const GLOBEX_ESCALATION = [
  '<p>For <strong>P1</strong> outages call the Globex hotline <a href="tel:+18005550199">+1 800 555 0199</a> after submitting the case and quote the case number.</p>',
  '<ul><li>P2: the duty manager is paged after 4 hours without response.</li>',
  '<li>P3: handled on business days, 08:00-18:00 Mountain Time.</li></ul>',
].join('');

const GLOBEX_POLICY = [
  '<h2>Globex Storage support policy</h2>',
  '<p>Globex supports every SA9000 array under a current maintenance contract, and VaultBackup releases of the last two years.</p>',
  '<h3>Before you open a case</h3><ol><li>Collect a support bundle.</li><li>Check the firmware matrix on the Globex knowledge base.</li></ol>',
  '<p>Questions about contracts: <a href="mailto:contracts@globex.test">contracts@globex.test</a>.</p>',
].join('');

export async function seedDocuments(
  em: EntityManager,
  accounts: DemoAccounts,
  requirements: DemoRequirements,
  templates: Map<string, EmailTemplate>,
): Promise<DemoDocuments> {
  const { companies, departments } = accounts;
  const user = (email: string): User => demoUser(accounts, email);
  const caseTemplate = templates.get('new_receiving_member');
  const managerTemplate = templates.get('manager-request');

  const globexCollaboration = createDocument(em, requirements, {
    company: companies.globex,
    name: 'Globex Storage Collaboration',
    type: 'ticket',
    collaborateEmail: 'support@globex.test',
    collaborateCcEmail: 'storage-escalations@globex.test',
    escalationInstructions: GLOBEX_ESCALATION,
    escalationAlias: 'storage-duty@globex.test',
    adminNote: '<p>Reviewed with the Acme alliance team in Q1.</p>',
    productSupported: 'SA9000 Array, CloudTier Gateway',
    escalationUser: user('bm@globex.test'),
    altEscalationUser: user('caller@globex.test'),
    managers: { main: user('bm@globex.test'), alternate: user('caller@globex.test') },
    layout: FULL_FORM_LAYOUT,
    tags: ['storage', 'san', 'arrays'],
    departments: [departments.globexEnterprise],
    emailTemplate: caseTemplate,
  });
  globexCollaboration.version.commonCustomerSectionTitle = 'End Customer';
  em.create(DocumentFile, {
    document: globexCollaboration.document,
    name: 'Firmware compatibility matrix',
    documentType: 'url',
    url: 'https://support.globex.test/sa9000/firmware-matrix',
  });
  em.create(DocumentFile, {
    document: globexCollaboration.document,
    name: 'Support bundle guide',
    documentType: 'file',
    filePath: 'documents/globex/support-bundle-guide.pdf',
    originalFilename: 'support-bundle-guide.pdf',
  });
  await writeDemoFiles([
    {
      path: 'documents/globex/support-bundle-guide.pdf',
      content: demoPdf('Support bundle guide', [
        'Collect the bundle with: sa-cli support bundle --all.',
        'Attach it to the case or share its link in the feed.',
      ]),
    },
  ]);

  const globexBackupSupport = createDocument(em, requirements, {
    company: companies.globex,
    name: 'Globex Backup Solution Support',
    type: 'solution_support',
    collaborateEmail: 'backup-support@globex.test',
    escalationInstructions: '<p>Escalate restore failures to the Backup & Recovery duty engineer.</p>',
    productSupported: 'VaultBackup',
    supportHours: '24x5',
    escalationUser: user('caller@globex.test'),
    managers: { main: user('bm@globex.test') },
    layout: SHORT_FORM_LAYOUT,
    tags: ['backup', 'recovery'],
    departments: [departments.globexBackup],
    emailTemplate: caseTemplate,
  });

  const globexJsonIntake = createDocument(em, requirements, {
    company: companies.globex,
    name: 'Globex Automated Intake',
    type: 'json',
    jsonType: 'servicenow',
    collaborateEmail: 'intake@globex.test',
    productSupported: 'CloudTier Gateway',
    layout: SHORT_FORM_LAYOUT,
    managers: { main: user('bm@globex.test') },
    emailTemplate: caseTemplate,
  });

  const globexSupportPolicy = createDocument(em, requirements, {
    company: companies.globex,
    name: 'Globex Support Policy',
    type: 'default',
    staticDocument: GLOBEX_POLICY,
  });

  const globexSupportOptions = createDocument(em, requirements, {
    company: companies.globex,
    name: 'Globex Support Options',
    type: 'parent',
    parentOptionName: 'Which Globex product needs help?',
  });
  em.create(DocumentLinkage, {
    parent: globexSupportOptions.document,
    child: globexCollaboration.document,
    optionName: 'Storage arrays and CloudTier',
    position: 0,
  });
  em.create(DocumentLinkage, {
    parent: globexSupportOptions.document,
    child: globexBackupSupport.document,
    optionName: 'VaultBackup software',
    position: 1,
  });

  const globexManagerEscalation = createDocument(em, requirements, {
    company: companies.globex,
    name: 'Globex Manager Escalation',
    type: 'manager',
    escalationInstructions: '<p>Use this form only when a case has missed its response time.</p>',
    managers: { main: user('bm@globex.test'), alternate: user('caller@globex.test') },
    emailTemplate: managerTemplate,
  });

  const acmeCollaboration = createDocument(em, requirements, {
    company: companies.acme,
    name: 'Acme Systems Collaboration',
    type: 'ticket',
    collaborateEmail: 'support@acme.test',
    collaborateCcEmail: 'partner-desk@acme.test',
    escalationInstructions: '<p>Call the Acme partner desk at +1 512 555 0150 for P1 issues.</p>',
    escalationUser: user('bm@acme.test'),
    altEscalationUser: user('pm@acme.test'),
    managers: { main: user('bm@acme.test'), alternate: user('pm@acme.test') },
    layout: SHORT_FORM_LAYOUT,
    tags: ['storage', 'networking'],
    departments: [departments.acmeStorage],
    emailTemplate: caseTemplate,
  });

  const acmeManagerEscalation = createDocument(em, requirements, {
    company: companies.acme,
    name: 'Acme Manager Escalation',
    type: 'manager',
    managers: { main: user('bm@acme.test'), alternate: user('pm@acme.test') },
    emailTemplate: managerTemplate,
  });

  const initechCollaboration = createDocument(em, requirements, {
    company: companies.initech,
    name: 'Initech Network Collaboration',
    type: 'ticket',
    collaborateEmail: 'noc@initech.test',
    supportHours: 'Business days 8-18 CT',
    escalationUser: user('bm@initech.test'),
    managers: { main: user('bm@initech.test') },
    layout: SHORT_FORM_LAYOUT,
    tags: ['routing'],
    emailTemplate: caseTemplate,
  });

  const umbrellaCollaboration = createDocument(em, requirements, {
    company: companies.umbrella,
    name: 'Umbrella Cloud Collaboration',
    type: 'ticket',
    collaborateEmail: 'platform@umbrella.test',
    layout: SHORT_FORM_LAYOUT,
    tags: ['cloud'],
    emailTemplate: caseTemplate,
  });

  await em.flush();
  return {
    globexCollaboration,
    globexBackupSupport,
    globexJsonIntake,
    globexSupportPolicy,
    globexSupportOptions,
    globexManagerEscalation,
    acmeCollaboration,
    acmeManagerEscalation,
    initechCollaboration,
    umbrellaCollaboration,
  };
}
