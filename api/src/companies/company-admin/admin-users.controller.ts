import { Controller } from '@nestjs/common';
import { API, type CompanyUsersQuery, type ManagedUserBody, type UserStatusBody } from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import type { BodyCheck } from '../../platform/common/body-check';
import { CheckedBody, IdParam, Route, ValidBody, ValidQuery } from '../../platform/common/contract-route';
import { ExportsService } from '../../platform/exports/exports.service';
import { CompanyUsersService } from './company-users.service';

/** Users of the admin's company (routes admin.users, admin.user.manage). */
@Controller()
export class AdminUsersController {
  constructor(
    private readonly users: CompanyUsersService,
    private readonly exports: ExportsService,
  ) {}

  @Route(API.adminCompany.users)
  list(@CurrentActor() actor: Actor, @ValidQuery() query: z.output<typeof CompanyUsersQuery>) {
    return this.users.list(actor, query);
  }

  // Before users/:id, which would otherwise read "export" as an id.
  @Route(API.adminCompany.exportUsers)
  export(@CurrentActor() actor: Actor) {
    return this.exports.create(actor, 'company_users', {});
  }

  @Route(API.adminCompany.user)
  get(@CurrentActor() actor: Actor, @IdParam('id') id: number) {
    return this.users.get(actor, id);
  }

  @Route(API.adminCompany.saveUser)
  save(
    @CurrentActor() actor: Actor,
    @IdParam('id') id: number,
    @CheckedBody() body: BodyCheck<z.output<typeof ManagedUserBody>>,
  ) {
    return this.users.save(actor, id, body);
  }

  @Route(API.adminCompany.deleteUser)
  delete(@CurrentActor() actor: Actor, @IdParam('id') id: number) {
    return this.users.delete(actor, id);
  }

  @Route(API.adminCompany.userStatus)
  status(@CurrentActor() actor: Actor, @IdParam('id') id: number, @ValidBody() body: z.output<typeof UserStatusBody>) {
    return this.users.setStatus(actor, id, body.status);
  }
}
