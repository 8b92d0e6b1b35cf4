import type { EntityManager } from '@mikro-orm/postgresql';
import { Case } from '../../entities/cases/case.entity';
import { type DemoAccounts, demoUser } from './accounts';
import { addNote, recordEvent, respond, submitCase, type CustomerValues, type Seeder } from './case-history';
import { watchDemoCases } from './case-readers';
import type { DemoDocuments } from './documents';
import type { DemoRequirements } from './requirements';
import { daysAgo, hoursAfter, hoursAgo } from './time';

const RECEIVER_ENGINEER = { name: 'Gabriel Stone', email: 'caller@globex.test', phone: 'IE: 15550106' };

const ARRAY_DATA: CustomerValues = [
  ['common_customer_section', 'end_customer', 'Northwind Traders'],
  ['common_customer_section', 'site_id', '40217'],
  ['common_customer_section', 'customer_phone', 'US: 2065550190'],
  ['common_customer_section', 'customer_email', 'it-ops@northwind.test'],
  ['common_customer_section', 'customer_timezone', 'America/Chicago'],
  ['common_customer_section', 'site_country', 'United States'],
  ['problem_section', 'product', 'SA9000 Array'],
  ['problem_section', 'component', 'Hardware : Controller'],
  ['problem_section', 'problem_category', 'Hardware fault'],
  ['problem_section', 'serial_number', 'SA9K-2231-0457'],
  ['problem_section', 'firmware_version', '9.4.2'],
  ['problem_section', 'log_bundle_url', 'https://files.acme.test/bundles/northwind-0457.tgz'],
  ['problem_section', 'error_output', 'ctrl-b: heartbeat lost; initiating failover (attempt 14)'],
  ['problem_section', 'routing_code', 'ACME-GLOBEX-STORAGE'],
  ['contact_section', 'contact_method', 'Phone'],
  ['contact_section', 'backup_engineer_email', 'pm@acme.test'],
];

const SHORT_DATA = (customer: string, product: string): CustomerValues => [
  ['common_customer_section', 'end_customer', customer],
  ['common_customer_section', 'customer_timezone', 'Europe/London'],
  ['problem_section', 'product', product],
  ['contact_section', 'contact_method', 'Email'],
];

/** Cases between Acme and Globex in every status, with responses, notes and numbered events. */
export async function seedCases(
  em: EntityManager,
  accounts: DemoAccounts,
  documents: DemoDocuments,
  requirements: DemoRequirements,
): Promise<Case[]> {
  const seeder: Seeder = { em, requirements };
  const acmeCaller = demoUser(accounts, 'caller@acme.test');
  const acmePm = demoUser(accounts, 'pm@acme.test');
  const globexCaller = demoUser(accounts, 'caller@globex.test');
  const globexBm = demoUser(accounts, 'bm@globex.test');
  const { globex, acme } = accounts.companies;
  const toGlobex = { submitter: acmeCaller, receiver: globex, process: documents.globexCollaboration };

  const open = submitCase(seeder, {
    ...toGlobex,
    internalCaseNumber: 'ACME-10431',
    priority: 'high',
    summary: 'SA9000 controller failover loop at Northwind Traders',
    description:
      'Controller B keeps failing over every few minutes since the 9.4.2 upgrade. Host I/O pauses on every failover.',
    createdAt: hoursAgo(1),
    customerData: ARRAY_DATA,
  });

  const late = submitCase(seeder, {
    ...toGlobex,
    submitter: acmePm,
    internalCaseNumber: 'ACME-10429',
    priority: 'medium',
    summary: 'Replication lag above 30 minutes on CloudTier gateway',
    description: 'Asynchronous replication to the DR site falls behind during the nightly batch window.',
    createdAt: hoursAgo(12),
    customerData: SHORT_DATA('Contoso Pharma', 'CloudTier Gateway'),
  });
  late.lateAt = late.responseDueAt;
  late.lateNotifiedAt = late.responseDueAt ? hoursAfter(late.responseDueAt, 0.1) : null;

  const information = submitCase(seeder, {
    ...toGlobex,
    internalCaseNumber: 'ACME-10422',
    priority: 'medium',
    summary: 'Snapshot schedule skips the Sunday run',
    description: 'The weekly snapshot policy does not run on Sundays for volumes created after March.',
    createdAt: daysAgo(2),
    customerData: ARRAY_DATA,
  });
  respond(
    em,
    information,
    {
      type: 'information-request',
      engineerName: RECEIVER_ENGINEER.name,
      engineerEmail: RECEIVER_ENGINEER.email,
      nextSteps: 'Please send the output of "snap policy show --verbose" and the array time zone.',
    },
    hoursAgo(40),
    globexCaller,
  );

  const accepted = submitCase(seeder, {
    ...toGlobex,
    internalCaseNumber: 'ACME-10407',
    priority: 'high',
    summary: 'Disk shelf reports phantom drive failures',
    description: 'Shelf 3 reports failed drives that pass all diagnostics after reseating.',
    createdAt: daysAgo(5),
    customerData: ARRAY_DATA,
  });
  respond(
    em,
    accepted,
    {
      type: 'approval',
      caseNumber: 'GX-48213',
      engineerName: RECEIVER_ENGINEER.name,
      engineerEmail: RECEIVER_ENGINEER.email,
      engineerPhone: RECEIVER_ENGINEER.phone,
      reviewerName: globexBm.fullName,
      reviewerEmail: globexBm.email,
      nextSteps: 'Our assigned engineer will contact you.',
    },
    hoursAfter(daysAgo(5), 1),
    globexCaller,
  );
  addNote(
    em,
    accepted,
    globexCaller,
    'Replacement midplane shipped',
    'Tracking number GX-SHIP-5521, arrives tomorrow before noon.',
    daysAgo(4),
  );
  addNote(
    em,
    accepted,
    acmeCaller,
    'Customer window confirmed',
    'Northwind approved a maintenance window on Thursday 22:00-23:00 CT.',
    daysAgo(3),
  );

  const rejected = submitCase(seeder, {
    ...toGlobex,
    internalCaseNumber: 'ACME-10388',
    priority: 'low',
    summary: 'Request for roadmap of NVMe-oF support',
    description: 'Customer asks when NVMe over Fabrics will be supported on SA9000.',
    createdAt: daysAgo(10),
    customerData: SHORT_DATA('Fabrikam Logistics', 'SA9000 Array'),
  });
  respond(
    em,
    rejected,
    {
      type: 'information-request',
      engineerName: RECEIVER_ENGINEER.name,
      engineerEmail: RECEIVER_ENGINEER.email,
      nextSteps: 'Is there a technical fault, or is this a product question?',
    },
    daysAgo(9),
    globexCaller,
  );
  respond(
    em,
    rejected,
    {
      type: 'information-response',
      additionalInformation: 'No fault: the customer only wants roadmap dates.',
    },
    daysAgo(8),
    acmeCaller,
  );
  respond(
    em,
    rejected,
    {
      type: 'rejection',
      engineerName: RECEIVER_ENGINEER.name,
      engineerEmail: RECEIVER_ENGINEER.email,
      reviewerName: globexBm.fullName,
      reviewerEmail: globexBm.email,
      nextSteps: 'Roadmap questions go to your Globex account manager, not to support.',
    },
    daysAgo(7),
    globexBm,
  );

  const closed = submitCase(seeder, {
    ...toGlobex,
    internalCaseNumber: 'ACME-10342',
    priority: 'medium',
    summary: 'Firmware upgrade stalls at 87%',
    description: 'Non-disruptive upgrade to 9.4.1 stalled on controller A at 87% for two hours.',
    createdAt: daysAgo(20),
    customerData: ARRAY_DATA,
  });
  respond(
    em,
    closed,
    {
      type: 'approval',
      caseNumber: 'GX-47790',
      engineerName: RECEIVER_ENGINEER.name,
      engineerEmail: RECEIVER_ENGINEER.email,
      engineerPhone: RECEIVER_ENGINEER.phone,
      nextSteps: 'Apply hotfix 9.4.1-HF2 and resume the upgrade.',
    },
    daysAgo(19),
    globexCaller,
  );
  closed.status = 'closed';
  closed.closedAt = daysAgo(15);
  recordEvent(em, closed, 'closed', daysAgo(15), acmeCaller, { status: 'closed' });

  // Inbound for Acme: Globex asks Acme for help.
  const inbound = submitCase(seeder, {
    submitter: globexCaller,
    receiver: acme,
    process: documents.acmeCollaboration,
    internalCaseNumber: 'GX-48302',
    priority: 'low',
    summary: 'Acme switch drops jumbo frames to SA9000 iSCSI ports',
    description: 'Customer sees iSCSI retransmits when MTU 9000 is enabled across an Acme AS-48 switch.',
    createdAt: hoursAgo(3),
    customerData: SHORT_DATA('Tailspin Toys', 'SA9000 Array'),
  });

  await em.flush();
  await watchDemoCases(em);
  return [open, late, information, accepted, rejected, closed, inbound];
}
