import { z } from 'zod';
import { LIMITS } from '../../constants/limits';
import {
  chosenIdField,
  emailField,
  idField,
  MessageBody,
  optionalText,
  optionalWebsite,
  requiredText,
  SuccessBody,
} from '../common';
import { endpoint } from '../endpoint';
import { CompanySummary } from '../auth';

// ---------- directory, favourites, searches ----------

export const DirectoryEntry = z.object({
  type: z.enum(['company', 'department']),
  company_id: z.number(),
  company_name: z.string(),
  department_id: z.number().nullable(),
  department_name: z.string().nullable(),
  has_access: z.boolean(),
  tags: z.array(z.object({ tag: z.string() })),
  logo: z.string().nullable(),
});
export type DirectoryEntry = z.infer<typeof DirectoryEntry>;

export const Favorite = z.object({
  id: z.number(),
  company_id: z.number(),
  department_id: z.number().nullable(),
  company: z.object({ name: z.string(), slug: z.string() }),
  department: z.object({ name: z.string() }).nullable(),
  document: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type Favorite = z.infer<typeof Favorite>;

export const FavoriteToggleBody = z.object({
  document_id: idField.nullish(),
  company_id: idField,
  type: z.enum(['company', 'department']),
  department_id: idField.nullish(),
  /** The state the user wants: true adds the favourite, false removes it. */
  is_favorite: z.boolean(),
});

export const SaveSearchBody = z.object({
  term: z
    .string()
    .trim()
    .min(LIMITS.searchMinChars, `The term must be at least ${LIMITS.searchMinChars} characters.`)
    .max(LIMITS.nameMax),
  location: z.string().trim().min(1).max(50),
});
export const ResultToSearchBody = z.object({ member: requiredText(255, 'The member'), search_id: idField });

// ---------- company note ----------

export const CompanyNoteBody = z.object({
  note: z.string().max(LIMITS.textMax, `The note may not be greater than ${LIMITS.textMax} characters.`),
});
export const CompanyNoteResponse = z.object({ note: z.string().nullable(), can_edit: z.boolean() });

// ---------- news, invites, hints ----------

export const NewsPost = z.object({
  id: z.number(),
  title: z.string(),
  link: z.string(),
  date: z.string(),
  excerpt: z.string(),
  image: z.string().nullable(),
});
export type NewsPost = z.infer<typeof NewsPost>;

export const INVITE_CHOOSE_COMPANY = 'Choose the company you would like to invite.';
export const InviteBody = z.object({
  company_id: chosenIdField(INVITE_CHOOSE_COMPANY),
  comments: optionalText(LIMITS.textMax, 'The comments'),
});
export const MissingPartnerBody = z.object({
  company_name: requiredText(LIMITS.nameMax, 'The company name'),
  company_website: optionalWebsite(255, 'The company website'),
  contact_name: requiredText(LIMITS.nameMax, 'The contact name'),
  contact_email: emailField,
  comment: optionalText(LIMITS.textMax, 'The comment'),
});

export const HelpHintResponse = z.object({ title: z.string(), content: z.string() });

export const CompanyDetail = CompanySummary.extend({
  note: z.string().nullable(),
  departments: z.array(
    z.object({ id: z.number(), name: z.string(), description: z.string().nullable(), status: z.string() }),
  ),
});

export const dashboardApi = {
  directory: endpoint({
    method: 'GET',
    path: 'caller/company_directory',
    access: 'user',
    summary: 'Companies and departments of the network, with tags and access',
    response: z.array(DirectoryEntry),
  }),
  favorites: endpoint({
    method: 'GET',
    path: 'caller/favorites',
    access: 'user',
    summary: "The user's favourite partners",
    response: z.array(Favorite),
  }),
  toggleFavorite: endpoint({
    method: 'POST',
    path: 'caller/favorites/toggle',
    access: 'user',
    summary: 'Add or remove a favourite',
    body: FavoriteToggleBody,
    response: z.object({ is_favorite: z.boolean() }),
  }),
  saveSearch: endpoint({
    method: 'POST',
    path: 'caller/save_search',
    // Partner search and the company note are hidden for limited membership.
    access: 'user',
    refusesLimitedMembership: true,
    summary: 'Log a partner search',
    body: SaveSearchBody,
    response: z.object({ search: z.object({ id: z.number() }) }),
  }),
  resultToSearch: endpoint({
    method: 'POST',
    path: 'caller/result_to_search',
    access: 'user',
    refusesLimitedMembership: true,
    summary: 'Log which result a search led to',
    body: ResultToSearchBody,
    response: SuccessBody,
  }),
  companyNote: endpoint({
    method: 'GET',
    path: 'caller/company_note',
    access: 'user',
    refusesLimitedMembership: true,
    summary: "The company-wide note of the user's company",
    response: CompanyNoteResponse,
  }),
  saveCompanyNote: endpoint({
    method: 'POST',
    path: 'caller/company_note',
    access: 'user',
    refusesLimitedMembership: true,
    summary: 'Edit the company-wide note (admins of the company)',
    body: CompanyNoteBody,
    response: CompanyNoteResponse,
  }),
  news: endpoint({
    method: 'GET',
    path: 'caller/news',
    access: 'user',
    summary: 'The latest posts of the network blog (empty when none is configured or reachable)',
    response: z.array(NewsPost),
  }),
  invite: endpoint({
    method: 'POST',
    path: 'collaborate_invite',
    access: 'user',
    summary: 'Invite a member to collaborate',
    body: InviteBody,
    response: SuccessBody,
  }),
  missingPartner: endpoint({
    method: 'POST',
    path: 'missing_partner_request',
    access: 'user',
    summary: 'Report a partner missing from the network',
    body: MissingPartnerBody,
    response: MessageBody.extend({ error: z.string().nullable() }),
  }),
  helpHint: endpoint({
    method: 'GET',
    path: 'help_hints/:flag',
    access: 'user',
    summary: 'A help hint, placeholders filled',
    response: HelpHintResponse,
  }),
  company: endpoint({
    method: 'GET',
    path: 'caller/companies/:id',
    access: 'user',
    summary: 'A company of the network',
    response: z.object({ company: CompanyDetail }),
  }),
  companyLogo: endpoint({
    method: 'GET',
    path: '/resources/company_logo/:slug',
    access: 'public',
    summary: 'Company logo image',
    response: z.unknown(),
    file: true,
  }),
} as const;
