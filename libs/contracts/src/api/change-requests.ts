import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { requiredText } from './common';
import { endpoint } from './endpoint';

/**
 * Company change requests (the admin pages' Contact buttons): a company admin asks membership for a change only
 * it can make; the membership team is mailed, makes the change within 24-48 hours and marks the request done on
 * the company's back-office page. The admins of the company see their requests and their state on the company page.
 */

/** The confirmation tells the admin that change requests take 24-48 hours. */
export const CHANGE_REQUEST_SENT = 'Your change request has been sent. Change requests take 24-48 hours to complete.';
export const CHANGE_REQUEST_DONE = 'Change request marked done.';
export const CHANGE_REQUEST_NOT_FOUND = 'Change request not found.';

export const CHANGE_REQUEST_STATES = ['open', 'done'] as const;
export type ChangeRequestState = (typeof CHANGE_REQUEST_STATES)[number];
export const CHANGE_REQUEST_STATE_LABELS: Record<ChangeRequestState, string> = { open: 'Open', done: 'Done' };

export const ChangeRequestBody = z.object({
  change_type: requiredText(100, 'The change type'),
  // Not requiredText: "The changes is required." reads wrong.
  changes: z
    .string({ error: 'Please describe the changes.' })
    .trim()
    .min(1, 'Please describe the changes.')
    .max(LIMITS.textMax, `The changes may not be greater than ${LIMITS.textMax} characters.`),
});

const Person = z.object({ id: z.number(), name: z.string(), email: z.string() });

/** One change request as both the company's admins and the back office list it, newest first. */
export const ChangeRequestRow = z.object({
  id: z.number(),
  company_id: z.number(),
  change_type: z.string(),
  /** Plain text, line breaks kept. */
  changes: z.string(),
  state: z.enum(CHANGE_REQUEST_STATES),
  created_at: z.string(),
  /** Null once the requesting user was deleted. */
  requested_by: Person.nullable(),
  done_at: z.string().nullable(),
  /** Who marked it done (a super admin); null while open or once that user was deleted. */
  done_by: Person.nullable(),
});
export type ChangeRequestRow = z.infer<typeof ChangeRequestRow>;

const ChangeRequestList = z.object({ change_requests: z.array(ChangeRequestRow) });

export const changeRequestsApi = {
  mine: endpoint({
    method: 'GET',
    path: 'admin/company/change_requests',
    access: 'company_admin',
    summary: "The company's change requests with their state (open, done), newest first",
    response: ChangeRequestList,
  }),
  company: endpoint({
    method: 'GET',
    path: 'super_admin/companies/:id/change_requests',
    access: 'super_admin',
    summary: "A company's change requests with their state, newest first (404 unknown company)",
    response: ChangeRequestList,
  }),
  markDone: endpoint({
    method: 'POST',
    path: 'super_admin/companies/:id/change_requests/:request_id/done',
    access: 'super_admin',
    summary: 'Mark a change request of the company done (a request already done stays as it was)',
    response: z.object({ success: z.boolean(), message: z.string(), change_request: ChangeRequestRow }),
  }),
} as const;
