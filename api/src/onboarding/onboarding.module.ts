import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { OnboardingAgreementsService } from './onboarding-agreements.service';
import { OnboardingContactService } from './onboarding-contact.service';
import { OnboardingController } from './onboarding.controller';
import { OnboardingFilesService } from './onboarding-files.service';
import { OnboardingPaymentService } from './onboarding-payment.service';
import { OnboardingRegistrationService } from './onboarding-registration.service';
import { OnboardingSessionsService } from './onboarding-sessions.service';

/** Partner-group onboarding: contact, agreements, card payment through Stripe, process, restore. */
@Module({
  imports: [AccountsModule],
  controllers: [OnboardingController],
  providers: [
    OnboardingSessionsService,
    OnboardingContactService,
    OnboardingAgreementsService,
    OnboardingPaymentService,
    OnboardingRegistrationService,
    OnboardingFilesService,
  ],
})
export class OnboardingModule {}
