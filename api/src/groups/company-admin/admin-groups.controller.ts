import { Controller } from '@nestjs/common';
import { API } from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import { IdParam, Route, ValidBody } from '../../platform/common/contract-route';
import { storedFileAnswer } from '../../platform/common/stored-files';
import { ExportsService } from '../../platform/exports/exports.service';
import { AdminGroupsService } from './admin-groups.service';
import { GroupUsersService } from './group-users.service';

type SearchBody = z.output<NonNullable<typeof API.adminGroups.searchUsers.body>>;

/** Partner groups of the admin's company (routes admin.partner_groups*); documents are in GroupDocumentsController. */
@Controller()
export class AdminGroupsController {
  constructor(
    private readonly groups: AdminGroupsService,
    private readonly users: GroupUsersService,
    private readonly exports: ExportsService,
  ) {}

  @Route(API.adminGroups.list)
  list(@CurrentActor() actor: Actor) {
    return this.groups.list(actor);
  }

  @Route(API.adminGroups.partnerCompanies)
  partnerCompanies(@CurrentActor() actor: Actor) {
    return this.groups.partnerCompanies(actor);
  }

  @Route(API.adminGroups.partnersReport)
  partnersReport(@CurrentActor() actor: Actor) {
    return this.exports.create(actor, 'partners', {});
  }

  @Route(API.adminGroups.detail)
  detail(@CurrentActor() actor: Actor, @IdParam('groupId') groupId: number) {
    return this.groups.detail(actor, groupId);
  }

  @Route(API.adminGroups.group)
  group(@CurrentActor() actor: Actor, @IdParam('groupId') groupId: number) {
    return this.groups.group(actor, groupId);
  }

  @Route(API.adminGroups.addendum)
  async addendum(@CurrentActor() actor: Actor, @IdParam('groupId') groupId: number) {
    return storedFileAnswer(await this.groups.file(actor, groupId, 'addendum'));
  }

  @Route(API.adminGroups.currentLicense)
  async currentLicense(@CurrentActor() actor: Actor, @IdParam('groupId') groupId: number) {
    return storedFileAnswer(await this.groups.file(actor, groupId, 'current_license'));
  }

  @Route(API.adminGroups.codeOfConduct)
  async codeOfConduct(@CurrentActor() actor: Actor, @IdParam('groupId') groupId: number) {
    return storedFileAnswer(await this.groups.file(actor, groupId, 'code_of_conduct'));
  }

  @Route(API.adminGroups.exportMembers)
  exportMembers(@CurrentActor() actor: Actor, @IdParam('groupId') groupId: number) {
    return this.exports.create(actor, 'group_members', { group_id: groupId });
  }

  @Route(API.adminGroups.users)
  usersWithAccess(@CurrentActor() actor: Actor, @IdParam('groupId') groupId: number) {
    return this.users.list(actor, groupId);
  }

  @Route(API.adminGroups.searchUsers)
  searchUsers(@CurrentActor() actor: Actor, @IdParam('groupId') groupId: number, @ValidBody() body: SearchBody) {
    return this.users.search(actor, groupId, body.search_term);
  }

  @Route(API.adminGroups.addUser)
  addUser(@CurrentActor() actor: Actor, @IdParam('groupId') groupId: number, @IdParam('userId') userId: number) {
    return this.users.add(actor, groupId, userId);
  }

  @Route(API.adminGroups.removeUser)
  removeUser(@CurrentActor() actor: Actor, @IdParam('groupId') groupId: number, @IdParam('userId') userId: number) {
    return this.users.remove(actor, groupId, userId);
  }
}
