import { Controller } from '@nestjs/common';
import { API, type DeleteAccountBody, type PasswordChangeBody } from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import { Route, ValidBody } from '../../platform/common/contract-route';
import { ProfileSecurityService } from './profile-security.service';

/** The profile page's password change and account deletion (contact details live in accounts). */
@Controller()
export class ProfileController {
  constructor(private readonly security: ProfileSecurityService) {}

  @Route(API.profile.password)
  changePassword(@CurrentActor() actor: Actor, @ValidBody() body: z.output<typeof PasswordChangeBody>) {
    return this.security.changePassword(actor, body);
  }

  @Route(API.profile.deleteAccount)
  deleteAccount(@CurrentActor() actor: Actor, @ValidBody() _body: z.output<typeof DeleteAccountBody>) {
    return this.security.deleteAccount(actor);
  }
}
