import { z } from 'zod';
import { endpoint } from '../endpoint';

/** A partner a connector can open a case with: a directory entry and the intake forms the caller may submit to. */
export const ConnectPartner = z.object({
  /** "Company" or "Company - Department", as people pick it. */
  label: z.string(),
  company_id: z.number(),
  company_name: z.string(),
  department_id: z.number().nullable(),
  department_name: z.string().nullable(),
  /** The first document below (the one to submit to when there is one), or null when none is open to the caller. */
  document_id: z.number().nullable(),
  documents: z.array(z.object({ id: z.number(), name: z.string() })),
  tags: z.array(z.object({ tag: z.string() })),
});
export type ConnectPartner = z.infer<typeof ConnectPartner>;

export const PartnersQuery = z.object({
  /** Part of a company or department name, or of a tag, in any case; leave out for every partner. */
  q: z.string().trim().max(100, 'The search may not be greater than 100 characters.').optional(),
  limit: z.coerce
    .number({ error: 'The limit must be a number.' })
    .int('The limit must be a whole number.')
    .min(1, 'The limit must be at least 1.')
    .max(100, 'The limit may not be greater than 100.')
    .default(50),
});

export const PartnersResponse = z.object({ data: z.array(ConnectPartner) });

export const connectPartnersApi = {
  search: endpoint({
    method: 'GET',
    path: 'v1/partners',
    access: 'user',
    scope: 'cases:read',
    summary: 'Search the directory: partner companies and departments with the intake forms the caller may submit to',
    query: PartnersQuery,
    response: PartnersResponse,
  }),
};
