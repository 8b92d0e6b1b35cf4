import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LoginEvent } from '../../entities/accounts/login-event.entity';
import { ManagerRequest, ManagerResponse } from '../../entities/cases/manager-request.entity';
import { EmailTemplate } from '../../entities/content/email-template.entity';
import { HelpHint } from '../../entities/content/help-hint.entity';
import { DocumentNote } from '../../entities/documents/document-note.entity';
import { ProcessView } from '../../entities/documents/process-view.entity';
import { OnboardingSession } from '../../entities/integrations/onboarding-session.entity';
import { ChangeRequest } from '../../entities/members/change-request.entity';
import { Favorite } from '../../entities/members/favorite.entity';
import { SavedSearch, SearchResultPick } from '../../entities/members/saved-search.entity';
import { DEFAULT_EMAIL_TEMPLATES } from '../email-templates';
import { type DemoAccounts, demoUser } from './accounts';
import type { DemoDocuments } from './documents';
import type { DemoGroups } from './groups';
import { daysAgo, hoursAgo } from './time';

export async function seedEmailTemplates(em: EntityManager): Promise<Map<string, EmailTemplate>> {
  const templates = new Map<string, EmailTemplate>();
  for (const template of DEFAULT_EMAIL_TEMPLATES) {
    templates.set(
      template.slug,
      em.create(EmailTemplate, {
        slug: template.slug,
        name: template.name,
        subject: template.subject,
        body: template.body,
        type: template.type,
      }),
    );
  }
  await em.flush();
  return templates;
}

const HELP_HINTS: { flag: string; title: string; content: string }[] = [
  {
    flag: 'dashboard-search',
    title: 'Find a partner',
    content:
      'Type at least two letters of a company, department or product tag to search the {content.product} directory.',
  },
  {
    flag: 'company-note',
    title: 'Company note',
    content: 'Everyone in your company sees this note on their dashboard. Business and program managers can edit it.',
  },
  {
    flag: 'case-priority',
    title: 'Choosing a priority',
    content: 'P1 means production is down. Basic and standard memberships submit every case as P3.',
  },
  {
    flag: 'collaboration-feed',
    title: 'Collaboration Feed',
    content: 'Notes are shared with the partner on this case and removed after 30 days.',
  },
  {
    flag: 'registration-queue',
    title: 'Registration queue',
    content: 'New registrations wait here until a signup manager approves or rejects them.',
  },
];

/** Favourites, internal notes, help texts and the report rows that make the member screens real. */
export async function seedMemberContent(
  em: EntityManager,
  accounts: DemoAccounts,
  documents: DemoDocuments,
  groups: DemoGroups,
): Promise<void> {
  const { companies, departments } = accounts;
  const user = (email: string) => demoUser(accounts, email);

  em.create(Favorite, {
    user: user('caller@acme.test'),
    company: companies.globex,
    document: documents.globexCollaboration.document,
  });
  em.create(Favorite, {
    user: user('caller@acme.test'),
    company: companies.globex,
    department: departments.globexBackup,
    document: documents.globexBackupSupport.document,
  });
  em.create(Favorite, { user: user('bm@acme.test'), company: companies.globex });
  em.create(Favorite, { user: user('bm@acme.test'), company: companies.initech });
  em.create(Favorite, {
    user: user('caller@globex.test'),
    company: companies.acme,
    document: documents.acmeCollaboration.document,
  });
  em.create(Favorite, { user: user('bm@initech.test'), company: companies.umbrella });

  em.create(DocumentNote, {
    document: documents.globexCollaboration.document,
    company: companies.acme,
    user: user('bm@acme.test'),
    note: 'Always attach a support bundle: Globex rejects array cases without one. Ask for Gabriel on P1 calls.',
  });
  em.create(DocumentNote, {
    document: documents.acmeCollaboration.document,
    company: companies.globex,
    user: user('bm@globex.test'),
    note: 'Acme answers fastest when the switch model is in the summary.',
  });

  for (const hint of HELP_HINTS) em.create(HelpHint, hint);

  // Report rows: sign-ins and processes viewed in the last 30 days.
  const reportUsers = ['caller@acme.test', 'bm@acme.test', 'caller@globex.test', 'bm@globex.test'];
  reportUsers.forEach((email, index) => {
    em.create(LoginEvent, { user: user(email), ip: `10.0.0.${index + 10}`, createdAt: daysAgo(index + 1) });
    em.create(LoginEvent, { user: user(email), ip: `10.0.0.${index + 10}`, createdAt: daysAgo(index + 8) });
  });
  em.create(ProcessView, {
    user: user('caller@acme.test'),
    document: documents.globexCollaboration.document,
    createdAt: daysAgo(2),
  });
  em.create(ProcessView, {
    user: user('caller@acme.test'),
    document: documents.globexBackupSupport.document,
    createdAt: daysAgo(6),
  });
  em.create(ProcessView, {
    user: user('caller@globex.test'),
    document: documents.acmeCollaboration.document,
    createdAt: hoursAgo(3),
  });

  const search = em.create(SavedSearch, {
    user: user('caller@acme.test'),
    term: 'globex',
    location: 'dashboard',
    createdAt: daysAgo(2),
  });
  em.create(SearchResultPick, { search, member: 'Globex Storage', createdAt: daysAgo(2) });

  em.create(ChangeRequest, {
    company: companies.acme,
    user: user('bm@acme.test'),
    changeType: 'company_name',
    changes: 'Please change our display name to "Acme Systems Group" from next month.',
    createdAt: daysAgo(3),
  });

  // A manager escalation from Acme to Globex, answered; and a fresh one.
  em.create(ManagerRequest, {
    token: randomBytes(24).toString('base64url'),
    submitterCompany: companies.acme,
    receiverCompany: companies.globex,
    document: documents.globexManagerEscalation.document,
    user: user('pm@acme.test'),
    firstName: 'Paul',
    lastName: 'Martinez',
    email: 'pm@acme.test',
    phone: '5125550102',
    internalReference: 'ACME-10429',
    vendorReference: 'GX-48290',
    businessImpact: 'Disaster-recovery copy of Contoso Pharma is 30 minutes behind during batch.',
    escalationType: 'Response time',
    notes: 'No response on the P2 case after 12 hours.',
    createdAt: hoursAgo(2),
  });
  const answered = em.create(ManagerRequest, {
    token: randomBytes(24).toString('base64url'),
    submitterCompany: companies.acme,
    receiverCompany: companies.globex,
    document: documents.globexManagerEscalation.document,
    user: user('bm@acme.test'),
    firstName: 'Alice',
    lastName: 'Carter',
    email: 'bm@acme.test',
    internalReference: 'ACME-10342',
    businessImpact: 'Upgrade window for Northwind at risk.',
    escalationType: 'Technical',
    createdAt: daysAgo(19),
    answeredAt: daysAgo(19),
  });
  em.create(ManagerResponse, {
    request: answered,
    firstName: 'Grace',
    lastName: 'Liu',
    email: 'bm@globex.test',
    internalReference: 'GX-47790',
    escalationType: 'Technical',
    notes: 'Hotfix engineer assigned; expect a call within the hour.',
    createdAt: daysAgo(19),
  });

  // A saved application to the priced partner program.
  em.create(OnboardingSession, {
    token: randomBytes(24).toString('base64url'),
    community: groups.storageAlliance,
    email: 'it-partners@hooli.test',
    step: 'agreements',
    status: 'saved_for_later',
    saveForLater: true,
    data: {
      company: {
        name: 'Hooli Data',
        address: '1 Infinite Loop',
        city: 'Palo Alto',
        state: 'CA',
        zipcode: '94301',
        url: 'https://hooli.test',
      },
      user: {
        first_name: 'Nina',
        last_name: 'Brooks',
        email: 'it-partners@hooli.test',
        phone: '6505550111',
        phone_country_code: 'US',
      },
    },
    createdAt: daysAgo(4),
  });

  await em.flush();
}
