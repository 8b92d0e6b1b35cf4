import {
  MESSAGES,
  type MembershipType,
  type OnboardingAgreements,
  type OnboardingCompany,
  type OnboardingData,
  type OnboardingDocument,
  type OnboardingGroup,
  type OnboardingNext,
  type OnboardingSessionView,
  type OnboardingStep,
  type OnboardingUser,
  type OnboardingUserAccess,
  type ContractLength,
  type PaymentType,
} from '@casebridge/contracts';
import type { Community, OnboardingSession } from '@casebridge/db';
import type { ServerConfig } from '@casebridge/server-core';
import { ValidationException } from '../platform/common/errors';

/**
 * The rules of the onboarding flow and the mapping of sessions and groups to the contract's shapes.
 * Pure functions: the services load what they need and ask these.
 */

/** What a session keeps in its `data` column. Only the OnboardingData parts are ever answered. */
export interface StoredOnboardingData {
  company?: Partial<OnboardingCompany> | null;
  user?: Partial<Omit<OnboardingUser, 'password' | 'password_confirmation'>> | null;
  agreements?: Partial<OnboardingAgreements> | null;
  payment?: { contract_length?: ContractLength; payment_type?: PaymentType } | null;
  document?: Partial<OnboardingDocument> | null;
  /** register/existing: the chosen process (0 = create a new one) and the user access, for the review. */
  document_id?: number;
  user_access?: OnboardingUserAccess;
  /** argon2id hash of the password a new applicant chose; the review creates the account with it. */
  password_hash?: string;
  /** Set when the agreements step (or register/existing with agreements) was completed. */
  agreements_done?: boolean;
}

export type ApplicantKind = 'new' | 'limited' | 'existing';

/** Statuses after the applicant pressed Submit: no further step is accepted. */
const SUBMITTED = new Set(['pending_review', 'approved', 'rejected']);

export function isSubmitted(session: OnboardingSession): boolean {
  return SUBMITTED.has(session.status);
}

export function storedData(session: OnboardingSession): StoredOnboardingData {
  return session.data as StoredOnboardingData;
}

export function applicantKind(session: OnboardingSession): ApplicantKind {
  if (!session.company) return 'new';
  return session.membershipType === 'limited' ? 'limited' : 'existing';
}

export function isFreeGroup(group: Community): boolean {
  return Number(group.price) === 0 && Number(group.priceThreeYears) === 0;
}

/** Addendum forced on basic and premium members when the group has one (partner programs). */
const FORCED_ADDENDUM_MEMBERSHIPS: ReadonlySet<MembershipType> = new Set(['basic', 'premium']);

/**
 * Which agreements the applicant must tick. New members accept the code of conduct and the database license the
 * group publishes, and its addendum; existing basic and premium members accept a forced addendum; other members
 * (limited included) accept nothing. An agreement whose file the group does not have cannot be read, so it is
 * not asked (and counts as accepted).
 */
export function requiredAgreements(group: Community, session: OnboardingSession): OnboardingAgreements {
  const isNew = !session.company;
  const forced =
    group.forceAddendum && session.membershipType !== null && FORCED_ADDENDUM_MEMBERSHIPS.has(session.membershipType);
  return {
    code_of_conduct: isNew && group.codeOfConductPath !== null,
    database_license: isNew && group.currentLicensePath !== null,
    addendum: group.addendumPath !== null && (isNew || forced),
  };
}

export function paymentRequired(group: Community, session: OnboardingSession): boolean {
  return !isFreeGroup(group) && session.membershipType !== 'limited';
}

/** The stored ticks with every agreement that is not required accepted automatically. */
export function acceptedAgreements(
  required: OnboardingAgreements,
  ticked: Partial<OnboardingAgreements> | null | undefined,
): OnboardingAgreements {
  return {
    code_of_conduct: !required.code_of_conduct || ticked?.code_of_conduct === true,
    database_license: !required.database_license || ticked?.database_license === true,
    addendum: !required.addendum || ticked?.addendum === true,
  };
}

export function allAccepted(agreements: OnboardingAgreements): boolean {
  return agreements.code_of_conduct && agreements.database_license && agreements.addendum;
}

/** 422 with the agreements warning as the message too, as the page shows it. */
export function agreementsRefused(): ValidationException {
  const error = ValidationException.forField('agreements', MESSAGES.acceptAllAgreements);
  error.message = MESSAGES.acceptAllAgreements;
  return error;
}

/** The page after the contact step. */
export function stepAfterContact(kind: ApplicantKind): OnboardingStep {
  return kind === 'existing' ? 'basic-premium' : 'agreements';
}

/** The page after the agreements (and the payment, which is a modal on that page, not a step). */
export function stepAfterAgreements(kind: ApplicantKind): OnboardingStep {
  return { new: 'process', limited: 'agreements', existing: 'choose-process' }[kind] as OnboardingStep;
}

/** Where the web goes once the agreements and the payment (when due) are done. */
export function nextAfterPayment(kind: ApplicantKind): OnboardingNext {
  return { new: 'process', limited: 'register-limited', existing: 'choose-process' }[kind] as OnboardingNext;
}

export function nextAfterAgreements(kind: ApplicantKind, paymentDue: boolean): OnboardingNext {
  return paymentDue ? 'payment' : nextAfterPayment(kind);
}

export function toOnboardingGroup(group: Community, config: ServerConfig): OnboardingGroup {
  const stripeReady = !!config.STRIPE_SECRET_KEY && !!config.STRIPE_PUBLISHABLE_KEY;
  return {
    id: group.id,
    name: group.name,
    vhost: group.vhost ?? '',
    type: group.type,
    sponsor_name: group.sponsorCompany?.name ?? null,
    host_email: group.hostEmail,
    instructions: group.instructions,
    links: group.links ?? [],
    banner_url: group.bannerPath || group.logoPath ? `/resources/group_banner/${group.vhost}` : null,
    price: Number(group.price),
    price_three_years: Number(group.priceThreeYears),
    free: isFreeGroup(group),
    has_code_of_conduct: group.codeOfConductPath !== null,
    has_database_license: group.currentLicensePath !== null,
    has_addendum: group.addendumPath !== null,
    force_addendum: group.forceAddendum,
    // Both keys or none: a publishable key without a secret would show a card field that can never be charged.
    stripe_publishable_key: stripeReady ? config.STRIPE_PUBLISHABLE_KEY : null,
    stripe_js_url: config.STRIPE_JS_URL,
  };
}

/** What the view needs besides the session and its group. */
export interface SessionFacts {
  userKnown: boolean;
  /** First and last name of the applicant's account, when it has one. */
  accountNames: { first: string; last: string } | null;
  paid: boolean;
}

export function namesKnown(session: OnboardingSession, facts: Pick<SessionFacts, 'accountNames'>): boolean {
  const user = storedData(session).user;
  if (facts.accountNames?.first && facts.accountNames.last) return true;
  return !!user?.first_name && !!user.last_name;
}

/** The answered part of `data`: never the password hash or the internal markers. */
export function answeredData(data: StoredOnboardingData): OnboardingData {
  return {
    company: data.company ?? null,
    user: data.user ?? null,
    agreements: data.agreements ?? null,
    payment: data.payment ?? null,
    document: data.document ?? null,
  };
}

export function toSessionView(session: OnboardingSession, facts: SessionFacts): OnboardingSessionView {
  const group = session.community;
  return {
    token: session.token,
    step: session.step,
    status: session.status,
    save_for_later: session.saveForLater,
    company: session.company ? { id: session.company.id, name: session.company.name } : null,
    membership_type: session.company ? session.membershipType : null,
    user_known: facts.userKnown,
    names_known: namesKnown(session, facts),
    data: answeredData(storedData(session)),
    agreements_required: requiredAgreements(group, session),
    payment_required: paymentRequired(group, session),
    paid: facts.paid,
  };
}
