/**
 * What other domains may use of a process document's rules: how a document shows to a member, its priorities and
 * response times, the check of a case against its form, and the choices of its database selects (the cases domain
 * applies them when a case is opened). Everything else in processes/ is the domain's own.
 */
export { DOCUMENT_VIEW_POPULATE, toContactDocument } from './document.mappers';
export {
  isPriorityLocked,
  priorityMessagesOf,
  responseHours,
  slaGroupOf,
  type PriorityMessagesShape,
} from './priority';
export { checkCaseSubmission } from './submission-checks';
export { loadDbSelectOptions } from './db-select';
