/**
 * What other domains may use of a process document's rules: how a document shows to a member (on submit-case and
 * through the integration API), its priorities and response times, the check of a case against its form, which
 * departments it serves, and the choices of its database selects (the cases domain applies them when a case is
 * opened). Everything else in processes/ is the domain's own.
 */
export { DOCUMENT_VIEW_POPULATE, toContactDocument } from './document.mappers';
export {
  isPriorityLocked,
  priorityMessagesOf,
  responseHours,
  slaGroupOf,
  type PriorityMessagesShape,
} from './priority';
export { checkCaseSubmission, documentServesDepartment } from './submission-checks';
export { submissionOfForm } from './submission-form';
export { intakeFieldRefs, toIntakeDocument, type IntakeFieldRef } from './intake-form';
export { loadDbSelectOptions } from './db-select';
