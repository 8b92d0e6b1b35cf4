import { Module } from '@nestjs/common';
import { AccountsModule } from '../../accounts/accounts.module';
import { OnboardingApprovalService } from './onboarding-approval.service';
import { OnboardingReviewService } from './onboarding-review.service';
import { SuperAdminOnboardingController } from './super-admin-onboarding.controller';

/** Back office: the onboarding approval queue and review: Save, Approve, Reject. */
@Module({
  imports: [AccountsModule],
  controllers: [SuperAdminOnboardingController],
  providers: [OnboardingReviewService, OnboardingApprovalService],
})
export class SuperAdminOnboardingModule {}
