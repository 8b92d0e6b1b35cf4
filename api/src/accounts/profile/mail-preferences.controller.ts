import { Controller } from '@nestjs/common';
import { API, type MailPreferencesBody } from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import { Route, ValidBody } from '../../platform/common/contract-route';
import { MailPreferencesService } from './mail-preferences.service';

/** The profile page's mail preferences and time zone. */
@Controller()
export class MailPreferencesController {
  constructor(private readonly preferences: MailPreferencesService) {}

  @Route(API.mailPreferences.get)
  get(@CurrentActor() actor: Actor) {
    return this.preferences.get(actor);
  }

  @Route(API.mailPreferences.update)
  update(@CurrentActor() actor: Actor, @ValidBody() body: z.output<typeof MailPreferencesBody>) {
    return this.preferences.update(actor, body);
  }
}
