import type { OnboardingQueueRow, QueueChangedMessage, ReviewGroup, ReviewSession } from '@casebridge/contracts';
import type { Community, OnboardingSession } from '@casebridge/db';
import { answeredData, applicantKind, isFreeGroup, storedData } from '../onboarding-rules';

/** The queue row of a session: the applicant company's name (existing or as typed), else its e-mail. */
export function toQueueRow(session: OnboardingSession): OnboardingQueueRow {
  return {
    id: session.id,
    company_name: session.company?.name ?? storedData(session).company?.name ?? session.email,
    group_name: session.community.name,
    status: session.status,
    created_at: session.createdAt.toISOString(),
    sf_opportunity: session.sfOpportunity,
  };
}

/** The live change of a session's queue row: sessions still being filled in are not in the queue. */
export function onboardingQueueChange(session: OnboardingSession): QueueChangedMessage {
  const listed = ['pending_review', 'approved', 'rejected'].includes(session.status);
  return { queue: 'onboarding', row: toQueueRow(session), removed: !listed };
}

export interface ReviewFacts {
  paid: boolean;
  /** Name of the process an existing member chose, when it still exists. */
  documentName: string | null;
}

/** The session as the review shows it: answeredData never carries the password hash or internal markers. */
export function toReviewSession(session: OnboardingSession, facts: ReviewFacts): ReviewSession {
  const data = storedData(session);
  return {
    id: session.id,
    email: session.email,
    status: session.status,
    step: session.step,
    sf_opportunity: session.sfOpportunity,
    created_at: session.createdAt.toISOString(),
    updated_at: session.updatedAt.toISOString(),
    applicant: applicantKind(session),
    company: session.company
      ? { id: session.company.id, name: session.company.name, slug: session.company.slug }
      : null,
    membership_type: session.company ? session.membershipType : null,
    data: answeredData(data),
    document_choice:
      data.document_id === undefined
        ? null
        : {
            document_id: data.document_id,
            document_name: facts.documentName,
            user_access: data.user_access ?? 'open',
          },
    paid: facts.paid,
    reviewable: session.status === 'pending_review',
  };
}

export function toReviewGroup(group: Community): ReviewGroup {
  return {
    id: group.id,
    name: group.name,
    vhost: group.vhost,
    type: group.type,
    sponsor_name: group.sponsorCompany?.name ?? null,
    price: Number(group.price),
    price_three_years: Number(group.priceThreeYears),
    free: isFreeGroup(group),
  };
}
