import type { EntityManager } from '@mikro-orm/postgresql';
import { DocumentGroup } from '../../entities/documents/document-parts.entity';
import { Community } from '../../entities/groups/community.entity';
import { CompanyGroupRelation } from '../../entities/groups/company-group-relation.entity';
import { GroupDocument } from '../../entities/groups/group-document.entity';
import { type DemoAccounts, demoUser } from './accounts';
import type { DemoDocuments } from './documents';
import { demoBanner, demoPdf, writeDemoFiles } from './demo-files';
import { daysAgo } from './time';

export interface DemoGroups {
  storageAlliance: Community;
  cloudConnect: Community;
  edgeProgram: Community;
  backupSolutionSupport: Community;
  openInterop: Community;
}

/**
 * Partner groups of every type: a priced and two free partner programs (one without members yet), a solution support
 * and an open group.
 */
export async function seedGroups(
  em: EntityManager,
  accounts: DemoAccounts,
  documents: DemoDocuments,
): Promise<DemoGroups> {
  const { companies, departments } = accounts;
  const createdAt = daysAgo(180);

  const storageAlliance = em.create(Community, {
    name: 'Storage Alliance',
    description: 'Storage vendors and integrators collaborating on joint customer cases.',
    type: 'partner_program',
    sponsorCompany: companies.globex,
    document: documents.globexCollaboration.document,
    vhost: 'storage-alliance',
    hostEmail: 'alliance@globex.test',
    price: 1200,
    priceThreeYears: 3240,
    instructions:
      '<p>Join the Storage Alliance to open cases directly with Globex Storage engineers. Enter your work e-mail to start; the application takes about ten minutes.</p>',
    links: [
      { label: 'Program overview', url: 'https://alliance.globex.test/overview' },
      { label: 'Frequently asked questions', url: 'https://alliance.globex.test/faq' },
    ],
    logoPath: 'groups/storage-alliance/logo.png',
    bannerPath: 'groups/storage-alliance/banner.png',
    codeOfConductPath: 'groups/storage-alliance/code-of-conduct.pdf',
    currentLicensePath: 'groups/storage-alliance/database-license.pdf',
    addendumPath: 'groups/storage-alliance/data-processing-addendum.pdf',
    addendumName: 'Data Processing Addendum',
    forceAddendum: true,
    registrationStatusUrl: 'https://alliance.globex.test/registration-status',
    customSla: true,
    p1Message: 'P1: production storage is down. Globex answers within 2 hours, day and night.',
    p2Message: 'P2: degraded performance or redundancy lost. Answer within 8 hours.',
    p3Message: 'P3: questions and minor issues. Answer within one business day.',
    msteamsIntegration: true,
    msteamsManagerEmail: 'bm@globex.test',
    msteamsTeamUrl: 'https://teams.example.test/l/team/storage-alliance',
    createdAt,
  });

  const cloudConnect = em.create(Community, {
    name: 'Cloud Connect',
    description: 'A free program for cloud providers working with Umbrella Cloud.',
    type: 'partner_program',
    sponsorCompany: companies.umbrella,
    document: documents.umbrellaCollaboration.document,
    vhost: 'cloud-connect',
    hostEmail: 'partners@umbrella.test',
    instructions:
      '<p>Cloud Connect membership is free. Tell us who you are and how partners reach your support team.</p>',
    links: [{ label: 'Partner handbook', url: 'https://partners.umbrella.test/handbook' }],
    codeOfConductPath: 'groups/cloud-connect/code-of-conduct.pdf',
    currentLicensePath: 'groups/cloud-connect/license.pdf',
    bannerPath: 'groups/cloud-connect/banner.png',
    createdAt,
  });

  // A free program nobody has joined yet, so a limited member (Initech) can go through onboarding in the demo.
  const edgeProgram = em.create(Community, {
    name: 'Globex Edge Program',
    description: 'A free program for edge-storage vendors whose customers run Globex arrays.',
    type: 'partner_program',
    sponsorCompany: companies.globex,
    document: documents.globexCollaboration.document,
    vhost: 'globex-edge',
    hostEmail: 'edge@globex.test',
    instructions: '<p>Globex covers the membership. Tell us how partners reach your support team.</p>',
    links: [{ label: 'Edge program overview', url: 'https://edge.globex.test/overview' }],
    codeOfConductPath: 'groups/globex-edge/code-of-conduct.pdf',
    currentLicensePath: 'groups/globex-edge/license.pdf',
    bannerPath: 'groups/globex-edge/banner.png',
    createdAt,
  });

  const backupSolutionSupport = em.create(Community, {
    name: 'VaultBackup Solution Support',
    description: 'Joint support for VaultBackup deployments on Acme hardware.',
    type: 'solution_support',
    sponsorCompany: companies.globex,
    department: departments.globexBackup,
    document: documents.globexBackupSupport.document,
    createdAt,
  });

  const openInterop = em.create(Community, {
    name: 'Open Interop Group',
    description: 'Any member may list its processes here for interoperability questions.',
    type: 'open_group',
    createdAt,
  });

  // Group partners.
  const relation = (
    community: Community,
    company: (typeof companies)[keyof typeof companies],
    extra: Partial<
      Pick<CompanyGroupRelation, 'department' | 'document' | 'userAccessFlag' | 'memberRelationship'>
    > = {},
  ): CompanyGroupRelation => em.create(CompanyGroupRelation, { community, company, createdAt, ...extra });

  relation(storageAlliance, companies.globex, { document: documents.globexCollaboration.document });
  relation(storageAlliance, companies.acme, { document: documents.acmeCollaboration.document });
  relation(cloudConnect, companies.umbrella, { document: documents.umbrellaCollaboration.document });
  relation(cloudConnect, companies.initech, {
    document: documents.initechCollaboration.document,
    memberRelationship: 'one_to_many',
  });
  relation(backupSolutionSupport, companies.globex, {
    department: departments.globexBackup,
    document: documents.globexBackupSupport.document,
  });
  const acmeInBackup = relation(backupSolutionSupport, companies.acme, {
    department: departments.acmeStorage,
    document: documents.acmeCollaboration.document,
    userAccessFlag: 'limit',
  });
  acmeInBackup.users.add(demoUser(accounts, 'caller@acme.test'), demoUser(accounts, 'pm@acme.test'));
  for (const company of Object.values(companies)) relation(openInterop, company);

  // Documents offered to group members.
  em.create(DocumentGroup, { document: documents.globexCollaboration.document, community: storageAlliance });
  em.create(DocumentGroup, {
    document: documents.globexBackupSupport.document,
    community: backupSolutionSupport,
    department: departments.globexBackup,
  });
  em.create(DocumentGroup, { document: documents.acmeCollaboration.document, community: storageAlliance });
  em.create(DocumentGroup, { document: documents.umbrellaCollaboration.document, community: cloudConnect });

  // Files and links shared with the members.
  em.create(GroupDocument, {
    community: storageAlliance,
    company: companies.globex,
    name: 'Alliance onboarding guide',
    documentType: 'url',
    url: 'https://alliance.globex.test/onboarding-guide',
    createdAt,
  });
  em.create(GroupDocument, {
    community: storageAlliance,
    company: companies.acme,
    name: 'Acme escalation matrix',
    documentType: 'file',
    filePath: 'groups/storage-alliance/acme-escalation-matrix.pdf',
    originalFilename: 'acme-escalation-matrix.pdf',
    mimeType: 'application/pdf',
    createdAt,
  });

  departments.globexBackup.community = backupSolutionSupport;
  companies.acme.registrationCommunities.add(storageAlliance, openInterop);

  await em.flush();
  await writeDemoFiles([
    ...agreementFiles(storageAlliance),
    ...agreementFiles(cloudConnect),
    ...agreementFiles(edgeProgram),
    { path: storageAlliance.bannerPath ?? '', content: demoBanner('#12355b', '#2a7ab0') },
    { path: cloudConnect.bannerPath ?? '', content: demoBanner('#1d4d2b', '#3c9a5f') },
    { path: edgeProgram.bannerPath ?? '', content: demoBanner('#4a2a6b', '#8a5cc2') },
    { path: storageAlliance.logoPath ?? '', content: demoBanner('#12355b', '#2a7ab0', 120, 120) },
    {
      path: 'groups/storage-alliance/acme-escalation-matrix.pdf',
      content: demoPdf('Acme escalation matrix', [
        'P1: the Acme duty manager within 30 minutes, then the support director.',
        'P2: the on-call engineer within 4 hours.',
      ]),
    },
  ]);
  return { storageAlliance, cloudConnect, edgeProgram, backupSolutionSupport, openInterop };
}

/** The agreements a group names, as readable PDFs, so the onboarding and admin downloads have something to open. */
function agreementFiles(group: Community) {
  const pages = [
    [group.codeOfConductPath, 'Code of Conduct', 'Members treat shared cases and customer data with care.'],
    [group.currentLicensePath, 'Database License', 'Directory data may be used only to collaborate on cases.'],
    [group.addendumPath, group.addendumName ?? 'Addendum', 'Personal data is processed only to resolve cases.'],
  ] as const;
  return pages
    .filter(([path]) => !!path)
    .map(([path, title, line]) => ({
      path: path ?? '',
      content: demoPdf(`${group.name}: ${title}`, [line, 'Demo document of the Casebridge sample network.']),
    }));
}
