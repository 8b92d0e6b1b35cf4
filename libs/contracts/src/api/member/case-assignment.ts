import { z } from 'zod';

// Who owns a case on each side: one active user of that side's company, chosen by any member of it.

/** A side's owner of a case, as the case page, the lists and the timeline name them. */
export const CaseAssignee = z.object({ id: z.number(), full_name: z.string() });
export type CaseAssignee = z.infer<typeof CaseAssignee>;

/** Assign the case to one of the side's active users, or clear its owner (null). */
export const AssignCaseBody = z.object({
  user_id: z.number({ error: 'Choose a user.' }).int().positive().nullable(),
});

/** The users a side may assign a case to: its company's active users, by name. */
export const CaseAssigneeOptions = z.object({
  users: z.array(CaseAssignee.extend({ email: z.string() })),
});

export const ASSIGNMENT_MESSAGES = {
  notAMember: 'Choose an active user of your company.',
  finished: 'A closed or rejected case has no owner to change.',
} as const;
