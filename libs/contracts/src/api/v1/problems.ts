import { z } from 'zod';

/** An error of the integration API: RFC 9457 problem details, with the field errors of a 422. */
export const ProblemDetails = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  /** 422 only: one item per message, several for a field that broke several rules. */
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ProblemDetails = z.infer<typeof ProblemDetails>;
