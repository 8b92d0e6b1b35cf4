import { z } from 'zod';

/**
 * A manager escalation request linked to a case (its existing vendor case reference named the case), as both
 * companies see it on the case's feed: what was asked and the managers' answer, without the contact's e-mail or
 * phone (those stay on the manager response page).
 */
export const CaseEscalationShape = z.object({
  /** The manager request's id. */
  id: z.number(),
  /** The receiving company's manager process it went through. */
  process: z.string(),
  /** The contact's name as entered on the request, and their company (the case's submitting side). */
  requested_by: z.string(),
  company: z.string(),
  internal_reference: z.string().nullable(),
  business_impact: z.string().nullable(),
  escalation_type: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  /** The managers' answer (a request link takes one), or null while none was given. */
  answer: z
    .object({
      id: z.number(),
      answered_by: z.string(),
      company: z.string(),
      internal_reference: z.string().nullable(),
      escalation_type: z.string().nullable(),
      notes: z.string().nullable(),
      created_at: z.string(),
    })
    .nullable(),
});
export type CaseEscalationShape = z.infer<typeof CaseEscalationShape>;
