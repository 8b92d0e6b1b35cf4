import { Controller } from '@nestjs/common';
import {
  AgreementBody,
  API,
  ApprovalBody,
  ConfirmEmailBody,
  ProfileBody,
  VerifyAccountBody,
} from '@casebridge/contracts';
import { z } from 'zod';
import type { Actor } from '../platform/access/actor';
import { ClientIp, CurrentActor } from '../platform/access/current-actor.decorator';
import { Route, TextParam, ValidBody } from '../platform/common/contract-route';
import { parseOrThrow } from '../platform/common/errors';
import { EmailChangeService } from './email-change.service';
import { ProfileService } from './profile.service';
import { RegistrationService, type ApprovalAction } from './registration.service';

const ApprovalActionParam = z.object({
  action: z.enum(['approve', 'reject'], { error: 'The action must be approve or reject.' }),
});

@Controller()
export class AccountsController {
  constructor(
    private readonly registration: RegistrationService,
    private readonly profile: ProfileService,
    private readonly emailChanges: EmailChangeService,
  ) {}

  @Route(API.auth.verify)
  verify(@TextParam('token') token: string) {
    return this.registration.verify(token);
  }

  @Route(API.auth.verifyAccount)
  verifyAccount(@ValidBody() body: z.output<typeof VerifyAccountBody>, @ClientIp() ip: string) {
    return this.registration.resendVerification(body.email, ip);
  }

  @Route(API.account.approval)
  approval(
    @TextParam('token') token: string,
    @TextParam('action') action: string,
    @ValidBody() body: z.output<typeof ApprovalBody>,
  ) {
    const decided: ApprovalAction = parseOrThrow(ApprovalActionParam, { action }).action;
    return this.registration.decide(token, decided, body.note);
  }

  @Route(API.account.profileFormData)
  async profileFormData() {
    return { countries: await this.profile.countries() };
  }

  @Route(API.account.profile)
  updateProfile(@CurrentActor() actor: Actor, @ValidBody() body: z.output<typeof ProfileBody>) {
    return this.profile.updateProfile(actor, body);
  }

  @Route(API.profile.confirmEmail)
  confirmEmail(@ValidBody() body: z.output<typeof ConfirmEmailBody>) {
    return this.emailChanges.confirm(body.token);
  }

  @Route(API.account.agreement)
  agreement(@CurrentActor() actor: Actor, @ValidBody() _body: z.output<typeof AgreementBody>) {
    return this.profile.acceptPrivacyPolicy(actor);
  }
}
