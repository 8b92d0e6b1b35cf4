import type { EntityManager } from '@mikro-orm/postgresql';
import { SANDBOX_WORDS, type SandboxBehaviour } from '@casebridge/contracts';
import { Company } from '../entities/accounts/company.entity';
import { Department } from '../entities/accounts/department.entity';
import { User } from '../entities/accounts/user.entity';
import { ContactDocument } from '../entities/documents/contact-document.entity';
import { DocumentTag } from '../entities/documents/document-parts.entity';
import { DocumentVersion } from '../entities/documents/document-version.entity';

export interface SandboxPartner {
  company: Company;
  department: Department;
  /** The engineer its answers name (an active admin without a password: nobody signs in as the sandbox). */
  engineer: User;
  /** Its process: offered to no group, so open to every member whose membership is not limited. */
  document: ContactDocument;
}

export interface SandboxPartnerOptions {
  name?: string;
  slug?: string;
  /** The e-mail domain of the sandbox and of its engineer. */
  domain?: string;
  engineerEmail?: string;
}

const quote = (behaviour: SandboxBehaviour) => SANDBOX_WORDS[behaviour].map((word) => `“${word}”`).join(' or ');

/** What a submitter reads on the process and after sending a case: how the summary steers the sandbox. */
export const SANDBOX_INSTRUCTIONS = [
  '<p>The Casebridge Sandbox answers by itself, a few seconds after each case, by a word of the case summary:</p>',
  `<ul><li>${quote('accept')}: it accepts the case;</li>`,
  `<li>${quote('information')}: it asks for information, and accepts once you answer;</li>`,
  `<li>${quote('reject')}: it asks for information, and rejects once you answer;</li>`,
  `<li>${quote('silent')}, or none of these words: it never answers.</li></ul>`,
  '<p>Cases sent here are test cases: they are marked Test and kept out of reports and response-time tracking.</p>',
].join('');

/**
 * The sandbox partner (contracts/sandbox.ts): a company flagged isSandbox with one department, its engineer and its
 * process, in one flush. The demo seed builds the "Casebridge Sandbox"; tests build their own with other names.
 */
export async function createSandboxPartner(
  em: EntityManager,
  options: SandboxPartnerOptions = {},
): Promise<SandboxPartner> {
  const name = options.name ?? 'Casebridge Sandbox';
  const domain = options.domain ?? 'sandbox.casebridge.test';
  const now = new Date();
  const company = em.create(Company, {
    name,
    fullName: `${name} (automatic test partner)`,
    slug: options.slug ?? 'casebridge-sandbox',
    domain,
    status: 'active',
    membershipType: 'basic',
    loginMethod: 'requires_registration',
    // Nobody joins the sandbox: every registration would wait for an approval that never comes.
    requiresApproval: true,
    isSandbox: true,
    note: 'The sandbox partner: it answers cases by itself, by a word of the summary.',
  });
  const engineer = em.create(User, {
    email: options.engineerEmail ?? `engineer@${domain}`,
    firstName: 'Sam',
    lastName: 'Sandbox',
    role: 'business_manager',
    company,
    phone: '6175550199',
    phoneCountryCode: 'US',
    status: 'active',
    approvalStatus: 'approved',
    emailVerifiedAt: now,
    agreementDate: now,
    passwordHash: null,
    registrationType: 'seed',
  });
  const department = em.create(Department, {
    company,
    name: 'Integration Testing',
    description: 'Answers test cases by itself.',
  });
  const document = em.create(ContactDocument, { company, name: `${name} Test Cases` });
  const version = em.create(DocumentVersion, {
    document,
    versionNumber: 1,
    status: 'approved',
    documentType: 'ticket',
    title: `${name} Test Cases`,
    productSupported: 'Integration tests',
    // Its cases are answered by the worker, never mailed (CaseSubmissionService skips test cases).
    collaborateEmail: null,
    escalationInstructions: SANDBOX_INSTRUCTIONS,
  });
  document.currentVersion = version;
  document.departments.add(department);
  department.contactDocument = document;
  for (const tag of ['sandbox', 'testing']) em.create(DocumentTag, { document, tag });
  await em.flush();
  return { company, department, engineer, document };
}
