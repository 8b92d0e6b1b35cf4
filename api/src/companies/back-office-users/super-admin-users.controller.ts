import { Controller } from '@nestjs/common';
import { API, type SuperAdminUserBody, type UserPasswordBody, type UserStatusBody } from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import type { BodyCheck } from '../../platform/common/body-check';
import { CheckedBody, IdParam, Route, ValidBody } from '../../platform/common/contract-route';
import { ExportsService } from '../../platform/exports/exports.service';
import { InactiveUsersService } from './inactive-users.service';
import { SuperAdminUsersService } from './super-admin-users.service';

const api = API.superAdminUsers;

/** Back office: the user form (super_admin.user.edit, super_admin.user.manage) and the Inactive Users list. */
@Controller()
export class SuperAdminUsersController {
  constructor(
    private readonly users: SuperAdminUsersService,
    private readonly inactive: InactiveUsersService,
    private readonly exports: ExportsService,
  ) {}

  @Route(api.formData)
  formData(@IdParam('company_id') companyId: number) {
    return this.users.formData(companyId);
  }

  @Route(api.list)
  list(@IdParam('page') page: number) {
    return this.inactive.page(page);
  }

  // Before users/:id, which would otherwise read "export" as an id.
  @Route(api.exportList)
  export(@CurrentActor() actor: Actor) {
    return this.exports.create(actor, 'inactive_users', {});
  }

  @Route(api.user)
  get(@IdParam('id') id: number) {
    return this.users.get(id);
  }

  @Route(api.save)
  save(@IdParam('user_id') id: number, @CheckedBody() body: BodyCheck<z.output<typeof SuperAdminUserBody>>) {
    return this.users.save(id, body);
  }

  @Route(api.delete)
  delete(@IdParam('id') id: number) {
    return this.users.delete(id);
  }

  @Route(api.status)
  status(@IdParam('id') id: number, @ValidBody() body: z.output<typeof UserStatusBody>) {
    return this.users.setStatus(id, body.status);
  }

  @Route(api.password)
  password(@IdParam('id') id: number, @ValidBody() body: z.output<typeof UserPasswordBody>) {
    return this.users.setPassword(id, body.password);
  }
}
