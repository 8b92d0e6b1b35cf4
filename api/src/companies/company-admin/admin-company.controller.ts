import { Controller } from '@nestjs/common';
import { API, type ChangeRequestBody, type RegistrationSettingsBody } from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import { IdParam, Route, ValidBody } from '../../platform/common/contract-route';
import { ChangeRequestsService } from './change-requests.service';
import { CompanyInfoService } from './company-info.service';
import { RegistrationSettingsService } from './registration-settings.service';

/** Company page and registration settings of the admin area (routes admin.company, admin.company.registration). */
@Controller()
export class AdminCompanyController {
  constructor(
    private readonly info: CompanyInfoService,
    private readonly registration: RegistrationSettingsService,
    private readonly changeRequests: ChangeRequestsService,
  ) {}

  @Route(API.adminCompany.company)
  company(@CurrentActor() actor: Actor) {
    return this.info.company(actor);
  }

  @Route(API.adminCompany.internalNotes)
  internalNotes(@CurrentActor() actor: Actor) {
    return this.info.internalNotes(actor);
  }

  @Route(API.adminCompany.relations)
  relations(@CurrentActor() actor: Actor) {
    return this.info.relations(actor);
  }

  @Route(API.adminCompany.change)
  change(@CurrentActor() actor: Actor, @ValidBody() body: z.output<typeof ChangeRequestBody>) {
    return this.changeRequests.request(actor, body);
  }

  @Route(API.changeRequests.mine)
  changeRequestsOfCompany(@CurrentActor() actor: Actor) {
    return this.changeRequests.mine(actor);
  }

  @Route(API.adminCompany.registration)
  saveRegistration(@CurrentActor() actor: Actor, @ValidBody() body: z.output<typeof RegistrationSettingsBody>) {
    return this.registration.save(actor, body);
  }

  @Route(API.adminCompany.registrationQueue)
  registrationQueue(@CurrentActor() actor: Actor) {
    return this.registration.queue(actor);
  }

  @Route(API.adminCompany.approveRegistration)
  approve(@CurrentActor() actor: Actor, @IdParam('id') id: number) {
    return this.registration.decide(actor, id, true);
  }

  @Route(API.adminCompany.rejectRegistration)
  reject(@CurrentActor() actor: Actor, @IdParam('id') id: number) {
    return this.registration.decide(actor, id, false);
  }

  // Last: its ":id" segment must not shadow the fixed paths above.
  @Route(API.adminCompany.departments)
  departments(@CurrentActor() actor: Actor, @IdParam('id') id: number) {
    return this.info.departments(actor, id);
  }
}
