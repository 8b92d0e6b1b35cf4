import { z } from 'zod';
import { MEMBERSHIP_TYPES } from '../../constants/company';
import { GROUP_TYPES, ONBOARDING_STATUSES, ONBOARDING_STEPS } from '../../constants/groups';
import { Country, DoneBody, optionalText } from '../common';
import { endpoint } from '../endpoint';
import {
  OnboardingAgreements,
  OnboardingCompany,
  OnboardingData,
  OnboardingDocument,
  OnboardingUser,
  ONBOARDING_USER_ACCESS,
} from '../onboarding';

/**
 * The back office's onboarding review (the dashboard's approval queue, then one session): the sessions applicants
 * sent for review, their data (never the password hash) and the decisions Save, Approve and Reject.
 */

export const ONBOARDING_SESSION_NOT_FOUND = 'Onboarding session not found.';
export const ONBOARDING_NOT_PENDING = 'This onboarding session is not waiting for review.';
export const ONBOARDING_REJECTED = 'The onboarding request has been rejected.';
/** Approve of a new company whose applicant's e-mail meanwhile belongs to another account. */
export const ONBOARDING_EMAIL_TAKEN = 'The email has already been taken.';
export const ONBOARDING_ALREADY_MEMBER = 'This company is already an active member of the group.';

/** Who applied: a new company, a limited member, or another existing member. */
export const ONBOARDING_APPLICANT_KINDS = ['new', 'limited', 'existing'] as const;

/**
 * The approval queue's filter (our choice): applications waiting for review by default, the
 * latest decided ones on demand. `all` is the waiting ones first, then the decided ones.
 */
export const ONBOARDING_QUEUE_FILTERS = ['pending_review', 'approved', 'rejected', 'all'] as const;
export type OnboardingQueueFilter = (typeof ONBOARDING_QUEUE_FILTERS)[number];
export const ONBOARDING_QUEUE_FILTER_LABELS: Record<OnboardingQueueFilter, string> = {
  pending_review: 'Pending review',
  approved: 'Approved',
  rejected: 'Rejected',
  all: 'All',
};
export const OnboardingQueueQuery = z.object({
  status: z.enum(ONBOARDING_QUEUE_FILTERS, { error: 'The status filter is not valid.' }).default('pending_review'),
});
export type OnboardingQueueQuery = z.input<typeof OnboardingQueueQuery>;

export const OnboardingQueueRow = z.object({
  id: z.number(),
  company_name: z.string(),
  group_name: z.string(),
  status: z.enum(ONBOARDING_STATUSES),
  created_at: z.string(),
  sf_opportunity: z.string().nullable(),
});
export type OnboardingQueueRow = z.infer<typeof OnboardingQueueRow>;

export const ReviewSession = z.object({
  id: z.number(),
  email: z.string(),
  status: z.enum(ONBOARDING_STATUSES),
  step: z.enum(ONBOARDING_STEPS),
  sf_opportunity: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  applicant: z.enum(ONBOARDING_APPLICANT_KINDS),
  /** The applicant's existing company; null for a new one. */
  company: z.object({ id: z.number(), name: z.string(), slug: z.string() }).nullable(),
  membership_type: z.enum(MEMBERSHIP_TYPES).nullable(),
  data: OnboardingData,
  /** Existing members: the chosen process (0 = create a new one) and user access, when register/existing ran. */
  document_choice: z
    .object({
      document_id: z.number(),
      document_name: z.string().nullable(),
      user_access: z.enum(ONBOARDING_USER_ACCESS),
    })
    .nullable(),
  paid: z.boolean(),
  /** True while Save, Approve and Reject are possible (status pending_review). */
  reviewable: z.boolean(),
});
export type ReviewSession = z.infer<typeof ReviewSession>;

export const ReviewGroup = z.object({
  id: z.number(),
  name: z.string(),
  vhost: z.string().nullable(),
  type: z.enum(GROUP_TYPES),
  sponsor_name: z.string().nullable(),
  price: z.number(),
  price_three_years: z.number(),
  free: z.boolean(),
});
export type ReviewGroup = z.infer<typeof ReviewGroup>;

/**
 * The review form: the session's data with the onboarding flow's own schemas (422 keys company.*, user.*,
 * document.*). The document part is required for a new company only (the server says so per field).
 */
export const OnboardingReviewBody = z.object({
  sf_opportunity: optionalText(100, 'The opportunity reference'),
  company: OnboardingCompany,
  user: OnboardingUser.omit({ password: true, password_confirmation: true }),
  document: OnboardingDocument.nullish(),
  agreements: OnboardingAgreements.partial().nullish(),
});
export type OnboardingReviewBody = z.input<typeof OnboardingReviewBody>;

export const superAdminOnboardingApi = {
  queue: endpoint({
    method: 'GET',
    path: 'super_admin/onboarding/queue',
    access: 'super_admin',
    summary:
      'Onboarding sessions by status (default: sent for review, oldest first; decided ones newest first); drafts never',
    query: OnboardingQueueQuery,
    response: z.object({ queue: z.array(OnboardingQueueRow) }),
  }),
  session: endpoint({
    method: 'GET',
    path: 'super_admin/onboarding/:session_id',
    access: 'super_admin',
    summary: 'One onboarding session for review (its data without the password hash), its group and the countries',
    response: z.object({ session: ReviewSession, group: ReviewGroup, countries: z.array(Country) }),
  }),
  save: endpoint({
    method: 'POST',
    path: 'super_admin/onboarding/:id/put',
    access: 'super_admin',
    summary: 'Save the reviewed session data (409 unless pending review)',
    body: OnboardingReviewBody,
    response: DoneBody.extend({ session: ReviewSession }),
  }),
  approve: endpoint({
    method: 'POST',
    path: 'super_admin/onboarding/:id/approve',
    access: 'super_admin',
    summary:
      'Save the form and admit the member: company, user, process and group relation in one transaction; mails it',
    body: OnboardingReviewBody,
    response: DoneBody.extend({ company_id: z.number() }),
  }),
  reject: endpoint({
    method: 'POST',
    path: 'super_admin/onboarding/:id/reject',
    access: 'super_admin',
    summary: 'End the session as rejected (409 unless pending review) and mail the applicant',
    response: DoneBody,
  }),
  countries: endpoint({
    method: 'GET',
    path: 'caller/countries',
    access: 'user',
    summary: 'Every country, by name (for country selects)',
    response: z.object({ countries: z.array(Country) }),
  }),
} as const;
