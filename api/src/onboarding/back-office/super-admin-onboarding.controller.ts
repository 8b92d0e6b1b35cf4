import { Controller } from '@nestjs/common';
import { API, type OnboardingQueueQuery, type OnboardingReviewBody } from '@casebridge/contracts';
import type { z } from 'zod';
import { IdParam, Route, ValidBody, ValidQuery } from '../../platform/common/contract-route';
import { OnboardingApprovalService } from './onboarding-approval.service';
import { OnboardingReviewService } from './onboarding-review.service';

const api = API.superAdminOnboarding;
type ReviewBody = z.output<typeof OnboardingReviewBody>;

/** Back office: the onboarding approval queue and the review of one session. */
@Controller()
export class SuperAdminOnboardingController {
  constructor(
    private readonly review: OnboardingReviewService,
    private readonly approval: OnboardingApprovalService,
  ) {}

  // Before onboarding/:session_id, which would otherwise read "queue" as an id.
  @Route(api.queue)
  queue(@ValidQuery() query: z.output<typeof OnboardingQueueQuery>) {
    return this.review.queue(query.status);
  }

  @Route(api.session)
  session(@IdParam('session_id') id: number) {
    return this.review.get(id);
  }

  @Route(api.save)
  save(@IdParam('id') id: number, @ValidBody() body: ReviewBody) {
    return this.review.save(id, body);
  }

  @Route(api.approve)
  approve(@IdParam('id') id: number, @ValidBody() body: ReviewBody) {
    return this.approval.approve(id, body);
  }

  @Route(api.reject)
  reject(@IdParam('id') id: number) {
    return this.review.reject(id);
  }

  @Route(api.countries)
  countries() {
    return this.review.countries();
  }
}
