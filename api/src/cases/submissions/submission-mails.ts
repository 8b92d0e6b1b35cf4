import { PRIORITY_LABELS, type EmailTemplateSlug, type MailJob, type Priority } from '@casebridge/contracts';
import type { Case, Company, ContactDocument, ManagerRequest, User } from '@casebridge/db';

/** A comma / semicolon / space separated list of addresses, only the plausible ones. */
export function addressList(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(/[\s,;]+/)
    .map((address) => address.trim().toLowerCase())
    .filter((address) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address));
}

/**
 * The stored template a document chose for a kind of mail (DocumentEmailTemplate, e.g. new_receiving_member),
 * or the default. Needs doc.emailTemplates populated with their template.
 */
export function documentTemplate(
  doc: ContactDocument,
  types: string[],
  fallback: EmailTemplateSlug,
): EmailTemplateSlug {
  for (const type of types) {
    const chosen = doc.emailTemplates.getItems().find((candidate) => candidate.type === type);
    if (chosen) return chosen.template.slug as EmailTemplateSlug;
  }
  return fallback;
}

/**
 * The new-case mail to the receiving process (its collaborate e-mail, cc, and the receiving company's inbound bcc).
 * Variables: everything new_receiving_member uses (company, case_number, process, summary, link) and more for
 * templates a super admin writes (receiver, priority, engineer_*, first_name, note).
 */
export function newCaseMail(
  caseEntity: Case,
  doc: ContactDocument,
  to: string[],
  cc: string[],
  bcc: string[],
  link: string,
  template: EmailTemplateSlug,
): MailJob {
  const receiver = receiverName(caseEntity);
  const engineer = `${caseEntity.engineerFirstName} ${caseEntity.engineerLastName}`.trim();
  const priority = PRIORITY_LABELS[caseEntity.priority as Priority];
  return {
    template,
    to,
    ...(cc.length ? { cc } : {}),
    ...(bcc.length ? { bcc } : {}),
    variables: {
      company: caseEntity.submitterCompany.name,
      receiver,
      case_number: caseEntity.internalCaseNumber,
      process: doc.name,
      summary: caseEntity.summary,
      priority,
      engineer_name: engineer,
      engineer_email: caseEntity.engineerEmail,
      engineer_phone: caseEntity.engineerPhone ?? '',
      first_name: '',
      note: `Submitted by ${engineer} (${caseEntity.engineerEmail}), priority ${priority}.`,
      link,
    },
    dedupeKey: `new-case-${caseEntity.id}`,
  };
}

/** The submitter's receipt: the case reached the receiving process (to the user who submitted it). */
export function caseReceiptMail(caseEntity: Case, doc: ContactDocument, submitter: User, link: string): MailJob {
  return {
    template: 'case-receipt',
    to: [submitter.email],
    variables: {
      first_name: submitter.firstName,
      case_number: caseEntity.internalCaseNumber,
      receiver: receiverName(caseEntity),
      process: doc.name,
      summary: caseEntity.summary,
      priority: PRIORITY_LABELS[caseEntity.priority as Priority],
      link,
    },
    dedupeKey: `case-receipt-${caseEntity.id}`,
  };
}

/** The receiving company, and its department when the case went to one. */
export function receiverName(caseEntity: Case): string {
  return caseEntity.receiverDepartment
    ? `${caseEntity.receiverCompany.name} - ${caseEntity.receiverDepartment.name}`
    : caseEntity.receiverCompany.name;
}

/** The manager escalation mail to one process manager. */
export function managerRequestMail(
  request: ManagerRequest,
  doc: ContactDocument,
  manager: User,
  submitter: Company,
  link: string,
  template: EmailTemplateSlug,
): MailJob {
  const requester = `${request.firstName} ${request.lastName}`.trim();
  const note = [
    request.escalationType ? `Escalation type: ${request.escalationType}` : '',
    request.vendorReference ? `Your case number: ${request.vendorReference}` : '',
    `Requested by ${requester} (${request.email}${request.phone ? `, ${request.phone}` : ''})`,
    request.notes ? `Notes: ${request.notes}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return {
    template,
    to: [manager.email],
    variables: {
      first_name: manager.firstName,
      company: submitter.name,
      receiver: doc.company.name,
      process: doc.name,
      case_number: request.internalReference ?? '',
      vendor_reference: request.vendorReference ?? '',
      summary: request.businessImpact ?? '',
      escalation_type: request.escalationType ?? '',
      requester_name: requester,
      requester_email: request.email,
      note,
      link,
    },
    dedupeKey: `manager-request-${request.id}-${manager.id}`,
  };
}
