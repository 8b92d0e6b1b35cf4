import { Controller } from '@nestjs/common';
import {
  API,
  type AgreementBody,
  type ConfirmEmailBody,
  type DeleteAccountBody,
  type PasswordChangeBody,
  type ProfileBody,
} from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import { Route, ValidBody } from '../../platform/common/contract-route';
import { EmailChangeService } from '../email-change.service';
import { ProfileSecurityService } from './profile-security.service';
import { ProfileService } from './profile.service';

/** The profile page: contact details, a new e-mail address's confirmation, the privacy policy, password, deletion. */
@Controller()
export class ProfileController {
  constructor(
    private readonly profile: ProfileService,
    private readonly emailChanges: EmailChangeService,
    private readonly security: ProfileSecurityService,
  ) {}

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

  @Route(API.profile.password)
  changePassword(@CurrentActor() actor: Actor, @ValidBody() body: z.output<typeof PasswordChangeBody>) {
    return this.security.changePassword(actor, body);
  }

  @Route(API.profile.deleteAccount)
  deleteAccount(@CurrentActor() actor: Actor, @ValidBody() _body: z.output<typeof DeleteAccountBody>) {
    return this.security.deleteAccount(actor);
  }
}
