import { Body, Controller, Header } from '@nestjs/common';
import {
  API,
  type AgreementsBody,
  type PaymentBody,
  type RegisterExistingBody,
  type RegisterLimitedBody,
  type SessionTokenQuery,
  type ValidateContactBody,
  type VerifyEmailBody,
} from '@casebridge/contracts';
import type { z } from 'zod';
import { IdParam, Route, TextParam, ValidBody, ValidQuery } from '../platform/common/contract-route';
import { storedFileAnswer } from '../platform/common/stored-files';
import { OnboardingAgreementsService } from './onboarding-agreements.service';
import { OnboardingContactService } from './onboarding-contact.service';
import { OnboardingFilesService } from './onboarding-files.service';
import { OnboardingPaymentService } from './onboarding-payment.service';
import { OnboardingRegistrationService } from './onboarding-registration.service';
import { OnboardingSessionsService } from './onboarding-sessions.service';

/**
 * Partner-group onboarding: public calls on one session named by its token.
 * The restore route comes first, so `onboarding/restore/...` is never read as a vhost.
 */
@Controller()
export class OnboardingController {
  constructor(
    private readonly sessions: OnboardingSessionsService,
    private readonly contact: OnboardingContactService,
    private readonly agreementsStep: OnboardingAgreementsService,
    private readonly payments: OnboardingPaymentService,
    private readonly registration: OnboardingRegistrationService,
    private readonly files: OnboardingFilesService,
  ) {}

  @Route(API.onboarding.restore)
  restore(@TextParam('token') token: string) {
    return this.sessions.restore(token);
  }

  @Route(API.onboarding.group)
  group(@TextParam('vhost') vhost: string) {
    return this.sessions.groupAnswer(vhost);
  }

  @Route(API.onboarding.verifyEmail)
  verifyEmail(@TextParam('vhost') vhost: string, @ValidBody() body: z.output<typeof VerifyEmailBody>) {
    return this.sessions.verifyEmail(vhost, body);
  }

  @Route(API.onboarding.validateContact)
  validateContact(@TextParam('vhost') vhost: string, @ValidBody() body: ValidateContactBody) {
    return this.contact.validate(vhost, body);
  }

  @Route(API.onboarding.agreements)
  agreements(@TextParam('vhost') vhost: string, @ValidBody() body: AgreementsBody) {
    return this.agreementsStep.accept(vhost, body);
  }

  @Route(API.onboarding.payment)
  payment(@TextParam('vhost') vhost: string, @ValidBody() body: PaymentBody) {
    return this.payments.pay(vhost, body);
  }

  /** Parsed by the service: Save and Finish Later accepts an incomplete process. */
  @Route(API.onboarding.register)
  register(@TextParam('vhost') vhost: string, @Body() body: unknown) {
    return this.registration.register(vhost, body);
  }

  @Route(API.onboarding.registerLimited)
  registerLimited(@TextParam('vhost') vhost: string, @ValidBody() body: z.output<typeof RegisterLimitedBody>) {
    return this.registration.registerLimited(vhost, body);
  }

  @Route(API.onboarding.registerExisting)
  registerExisting(@TextParam('vhost') vhost: string, @ValidBody() body: RegisterExistingBody) {
    return this.registration.registerExisting(vhost, body);
  }

  @Route(API.onboarding.documents)
  documents(
    @TextParam('vhost') vhost: string,
    @IdParam('companyId') companyId: number,
    @ValidQuery() query: z.output<typeof SessionTokenQuery>,
  ) {
    return this.registration.documents(vhost, query.session_token, companyId);
  }

  @Route(API.onboarding.addendum)
  addendum(@TextParam('vhost') vhost: string) {
    return this.files.addendum(vhost);
  }

  @Route(API.onboarding.agreementFile)
  async agreementFile(@TextParam('vhost') vhost: string, @TextParam('kind') kind: string) {
    return storedFileAnswer(await this.files.agreement(vhost, kind));
  }

  @Route(API.onboarding.groupBanner)
  // Shown inline only when its content is a raster image; a policy that runs nothing in any case.
  @Header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
  @Header('X-Content-Type-Options', 'nosniff')
  @Header('Cache-Control', 'public, max-age=300')
  async groupBanner(@TextParam('vhost') vhost: string) {
    return storedFileAnswer(await this.files.banner(vhost), 'inline');
  }
}
