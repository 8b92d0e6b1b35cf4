import type { MailJob } from '@casebridge/contracts';
import {
  DEFAULT_EMAIL_TEMPLATES,
  type Case,
  type Company,
  type ContactDocument,
  type ManagerRequest,
  type User,
} from '@casebridge/db';
import { type ServerConfig } from '@casebridge/server-core';
import { inviteMail, missingPartnerMail } from '../../directory/outreach.service';
import { addressList, managerRequestMail, newCaseMail } from './submission-mails';

/** Placeholders the worker fills itself. */
const ALWAYS_AVAILABLE = new Set(['product', 'public_url']);

function missingPlaceholders(mail: MailJob): string[] {
  const template = DEFAULT_EMAIL_TEMPLATES.find((candidate) => candidate.slug === mail.template);
  if (!template) return [`template ${mail.template}`];
  const used = [...`${template.subject} ${template.body}`.matchAll(/\{\{\s*([a-z_]+)\s*\}\}/g)].map(([, name]) => name);
  return used.filter((name) => !ALWAYS_AVAILABLE.has(name) && !(name in mail.variables));
}

const acme = { id: 1, name: 'Acme Systems', slug: 'acme' } as Company;
const globex = { id: 2, name: 'Globex Storage', slug: 'globex' } as Company;
const user = {
  id: 7,
  firstName: 'Carl',
  lastName: 'Jensen',
  fullName: 'Carl Jensen',
  email: 'caller@acme.test',
} as User;
const manager = { id: 8, firstName: 'Grace', email: 'bm@globex.test' } as User;
const doc = { id: 3, name: 'Globex Storage Collaboration', company: globex } as ContactDocument;
const caseEntity = {
  id: 11,
  token: 'tok',
  internalCaseNumber: 'ACME-1',
  summary: 'Replication stalls',
  priority: 'high',
  engineerFirstName: 'Carl',
  engineerLastName: 'Jensen',
  engineerEmail: 'caller@acme.test',
  engineerPhone: null,
  submitterCompany: acme,
  receiverCompany: globex,
  receiverDepartment: null,
} as unknown as Case;
const request = {
  id: 5,
  firstName: 'Alice',
  lastName: 'Carter',
  email: 'bm@acme.test',
  phone: null,
  internalReference: 'ACME-2',
  vendorReference: null,
  businessImpact: 'DR behind',
  escalationType: 'Response time',
  notes: null,
} as unknown as ManagerRequest;
const config = { MEMBERSHIP_EMAIL: 'membership@casebridge.test', PUBLIC_URL: 'http://x.test/' } as ServerConfig;

describe('mails of the dashboard and of submitting requests', () => {
  it.each([
    [
      'new case',
      newCaseMail(
        caseEntity,
        doc,
        ['support@globex.test'],
        [],
        [],
        'http://x.test/case/tok/respond',
        'new_receiving_member',
      ),
    ],
    [
      'manager request',
      managerRequestMail(request, doc, manager, acme, 'http://x.test/manager/response/t', 'manager-request'),
    ],
    ['invite', inviteMail(user, acme, globex, 'Hello', config)],
    [
      'missing partner',
      missingPartnerMail(
        user,
        acme,
        {
          company_name: 'Hooli',
          company_website: null,
          contact_name: 'Nina',
          contact_email: 'n@h.test',
          comment: null,
        },
        config,
      ),
    ],
  ])('%s fills every placeholder of its stored template', (_name, mail) => {
    expect(missingPlaceholders(mail)).toEqual([]);
    expect(mail.dedupeKey).not.toContain(':');
  });

  it('keys invites by request content', () => {
    expect(inviteMail(user, acme, globex, 'a', config).dedupeKey).toBe(
      inviteMail(user, acme, globex, 'a', config).dedupeKey,
    );
    expect(inviteMail(user, acme, globex, 'a', config).dedupeKey).not.toBe(
      inviteMail(user, acme, globex, 'b', config).dedupeKey,
    );
    expect(inviteMail(user, acme, globex, null, config).variables.link).toBe('http://x.test/globex');
  });

  it('reads address lists', () => {
    expect(addressList('A@x.test, b@y.test;  nope ,c@z.test')).toEqual(['a@x.test', 'b@y.test', 'c@z.test']);
    expect(addressList(null)).toEqual([]);
  });
});
