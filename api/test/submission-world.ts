import {
  ContactDocument,
  DocumentLinkage,
  type Community,
  type Company,
  type Department,
  type User,
} from '@casebridge/db';
import type { ApiHarness } from '../../test/kit/api-harness';
import {
  aCompany,
  aDepartment,
  aGroup,
  aProcess,
  aUser,
  domainOf,
  emOf,
  settle,
  uniqueName,
  type ProcessField,
} from '../../test/kit/factories';

/**
 * The full form of a ticket process: every requirement type of the catalogue over the three sections, with fields
 * shown by a problem category's group (hardware / software), a hidden routing code and a copy text.
 */
export const GROUPED_FULL_FORM: ProcessField[] = [
  { codeLabel: 'end_customer', section: 'common_customer_section', required: true },
  { codeLabel: 'site_id', section: 'common_customer_section' },
  { codeLabel: 'customer_phone', section: 'common_customer_section' },
  { codeLabel: 'customer_email', section: 'common_customer_section', required: true },
  { codeLabel: 'customer_timezone', section: 'common_customer_section', required: true },
  { codeLabel: 'site_country', section: 'common_customer_section' },
  { codeLabel: 'product', section: 'problem_section', required: true },
  { codeLabel: 'component', section: 'problem_section', required: true },
  { codeLabel: 'problem_category', section: 'problem_section', required: true },
  { codeLabel: 'serial_number', section: 'problem_section', required: true, group: 'hardware' },
  { codeLabel: 'firmware_version', section: 'problem_section', group: 'hardware' },
  { codeLabel: 'replication_target', section: 'problem_section', group: 'software' },
  { codeLabel: 'software_build', section: 'problem_section', required: true, group: 'software' },
  { codeLabel: 'log_bundle_url', section: 'problem_section' },
  { codeLabel: 'error_output', section: 'problem_section' },
  { codeLabel: 'routing_code', section: 'problem_section' },
  { codeLabel: 'bundle_instructions', section: 'problem_section' },
  { codeLabel: 'contact_method', section: 'contact_section', required: true },
  { codeLabel: 'backup_engineer_email', section: 'contact_section' },
  { codeLabel: 'backup_engineer_phone', section: 'contact_section' },
];

/** The short form of the other processes. */
export const SHORT_FORM: ProcessField[] = [
  { codeLabel: 'end_customer', section: 'common_customer_section', required: true },
  { codeLabel: 'customer_timezone', section: 'common_customer_section' },
  { codeLabel: 'product', section: 'problem_section', required: true },
  { codeLabel: 'error_output', section: 'problem_section' },
  { codeLabel: 'contact_method', section: 'contact_section' },
];

/**
 * A receiving company with a process of every kind, and the companies that submit to it:
 * - `receiver` (elite, with an inbound bcc): the full-form collaboration process (offered to `slaGroup` only, serving
 *   the `enterprise` department, with cc, escalation instructions, contacts and alias, managers and tags), a solution
 *   support process serving the `backup` department, an automated (json) intake, a support policy (no form) and a
 *   manager escalation process; two users who manage the processes (first names Mara and Theo);
 * - `slaGroup`: a partner program with custom SLA and priority messages but no response times, of `receiver` and
 *   `submitter`; `solutionGroup`: a solution support group offering the solution support process to `submitter`'s
 *   caller and program manager only;
 * - `submitter` (premium, a caller, a program manager and a business manager), `basic` (a caller, in no group) and
 *   `limited` (a business manager, in no group).
 */
export interface SubmissionWorld {
  receiver: Company;
  submitter: Company;
  basic: Company;
  limited: Company;
  slaGroup: Community;
  solutionGroup: Community;
  departments: { backup: Department; enterprise: Department };
  processes: {
    collaboration: ContactDocument;
    solutionSupport: ContactDocument;
    intake: ContactDocument;
    policy: ContactDocument;
    managerEscalation: ContactDocument;
  };
  users: {
    caller: User;
    pm: User;
    bm: User;
    receiverManager: User;
    receiverAlternate: User;
    basicCaller: User;
    limitedBm: User;
  };
}

export async function aSubmissionWorld(api: ApiHarness): Promise<SubmissionWorld> {
  // Every case mail to the receiver is also copied to its inbound address.
  const receiver = await aCompany(api, {
    membershipType: 'elite',
    bccResponseEmail: `${uniqueName('inbound')}@bcc.test`,
  });
  const submitter = await aCompany(api);
  const basic = await aCompany(api, { membershipType: 'basic' });
  const limited = await aCompany(api, { membershipType: 'limited' });
  const users = {
    caller: await aUser(api, { company: submitter, role: 'caller' }),
    pm: await aUser(api, { company: submitter, role: 'program_manager' }),
    bm: await aUser(api, { company: submitter, role: 'business_manager' }),
    receiverManager: await aUser(api, {
      company: receiver,
      role: 'business_manager',
      overrides: { firstName: 'Mara', lastName: 'Main' },
    }),
    receiverAlternate: await aUser(api, {
      company: receiver,
      role: 'caller',
      overrides: { firstName: 'Theo', lastName: 'Alternate' },
    }),
    basicCaller: await aUser(api, { company: basic, role: 'caller' }),
    limitedBm: await aUser(api, { company: limited, role: 'business_manager' }),
  };
  const departments = {
    backup: await aDepartment(api, receiver, { name: `Backup ${uniqueName('dept')}` }),
    enterprise: await aDepartment(api, receiver, { name: `Enterprise ${uniqueName('dept')}` }),
  };
  const at = (local: string) => `${uniqueName(local)}@${domainOf(receiver)}`;
  const managers = { main: users.receiverManager, alternate: users.receiverAlternate };

  const collaboration = await aProcess(api, {
    company: receiver,
    fields: GROUPED_FULL_FORM,
    collaborateEmail: at('support'),
    collaborateCcEmail: at('escalations'),
    departments: [departments.enterprise],
    managers,
    tags: ['storage', 'san', 'arrays'],
    version: {
      escalationInstructions: '<p>For P1 outages call the receiver hotline after submitting the case.</p>',
      escalationAlias: at('duty'),
      productSupported: 'SA9000 Array, CloudTier Gateway',
      commonCustomerSectionTitle: 'End Customer',
      escalationUser: users.receiverManager.id,
      altEscalationUser: users.receiverAlternate.id,
    },
  });
  const slaGroup = await aGroup(api, {
    sponsor: receiver,
    members: [{ company: receiver, process: collaboration }, { company: submitter }],
    processes: [collaboration],
    overrides: {
      customSla: true,
      p1Message: 'P1: production is down.',
      p2Message: 'P2: degraded performance.',
      p3Message: 'P3: questions and minor issues.',
    },
  });
  const solutionSupport = await aProcess(api, {
    company: receiver,
    type: 'solution_support',
    fields: SHORT_FORM,
    collaborateEmail: at('backup-support'),
    departments: [departments.backup],
    managers: { main: users.receiverManager },
    version: { supportHours: '24x5' },
  });
  // Our company takes part through the caller and the program manager only (not the business manager).
  const solutionGroup = await aGroup(api, {
    type: 'solution_support',
    sponsor: receiver,
    members: [
      { company: receiver, process: solutionSupport, department: departments.backup },
      { company: submitter, users: [users.caller, users.pm] },
    ],
    processes: [solutionSupport],
  });
  const processes = {
    collaboration,
    solutionSupport,
    intake: await aProcess(api, {
      company: receiver,
      type: 'json',
      fields: SHORT_FORM,
      version: { jsonType: 'servicenow' },
      managers: { main: users.receiverManager },
    }),
    policy: await aProcess(api, { company: receiver, type: 'default', collaborateEmail: null }),
    managerEscalation: await aProcess(api, { company: receiver, type: 'manager', collaborateEmail: null, managers }),
  };
  return { receiver, submitter, basic, limited, slaGroup, solutionGroup, departments, processes, users };
}

/**
 * The receiver's support options: a parent process asking "Which product needs help?", whose options lead to the
 * collaboration process ("Storage arrays and CloudTier") and the solution support process ("VaultBackup software").
 */
export async function aSupportOptions(api: ApiHarness, world: SubmissionWorld): Promise<ContactDocument> {
  const options = await aProcess(api, { company: world.receiver, type: 'parent', collaborateEmail: null });
  const em = emOf(api);
  await em.nativeUpdate(ContactDocument, options.id, { parentOptionName: 'Which product needs help?' });
  options.parentOptionName = 'Which product needs help?';
  const children = [
    { child: world.processes.collaboration, optionName: 'Storage arrays and CloudTier' },
    { child: world.processes.solutionSupport, optionName: 'VaultBackup software' },
  ];
  children.forEach(({ child, optionName }, position) =>
    em.create(DocumentLinkage, {
      parent: em.getReference(ContactDocument, options.id),
      child: em.getReference(ContactDocument, child.id),
      optionName,
      position,
    }),
  );
  await em.flush();
  await settle(api);
  return options;
}
