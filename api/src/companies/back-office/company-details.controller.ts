import { Controller } from '@nestjs/common';
import { API } from '@casebridge/contracts';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import { ChangeRequestsService } from '../company-admin/change-requests.service';
import { IdParam, Route } from '../../platform/common/contract-route';
import { ExportsService } from '../../platform/exports/exports.service';
import { CompanyDetailsService } from './company-details.service';

const api = API.superAdminCompanies;

/** Back office: the panels of a company's detail page (change requests included) and the choices of its forms. */
@Controller()
export class CompanyDetailsController {
  constructor(
    private readonly details: CompanyDetailsService,
    private readonly exports: ExportsService,
    private readonly changeRequests: ChangeRequestsService,
  ) {}

  @Route(api.relations)
  relations(@IdParam('id') id: number) {
    return this.details.relations(id);
  }

  @Route(api.managers)
  managers(@IdParam('id') id: number) {
    return this.details.managers(id);
  }

  @Route(api.users)
  users(@IdParam('id') id: number) {
    return this.details.users(id);
  }

  @Route(api.exportUsers)
  exportUsers(@CurrentActor() actor: Actor, @IdParam('id') id: number) {
    return this.exports.create(actor, 'company_users', { company_id: id });
  }

  @Route(api.departments)
  departments(@IdParam('id') id: number) {
    return this.details.departments(id);
  }

  @Route(api.allDepartments)
  allDepartments(@IdParam('id') id: number) {
    return this.details.allDepartments(id);
  }

  @Route(api.documents)
  documents(@IdParam('id') id: number) {
    return this.details.documents(id);
  }

  @Route(api.allDocuments)
  allDocuments(@IdParam('id') id: number) {
    return this.details.allDocuments(id);
  }

  @Route(api.groups)
  groups(@IdParam('id') id: number) {
    return this.details.groups(id);
  }

  @Route(API.changeRequests.company)
  changeRequestsOf(@IdParam('id') id: number) {
    return this.changeRequests.ofCompany(id);
  }

  @Route(API.changeRequests.markDone)
  markChangeRequestDone(
    @CurrentActor() actor: Actor,
    @IdParam('id') id: number,
    @IdParam('request_id') requestId: number,
  ) {
    return this.changeRequests.markDone(actor, id, requestId);
  }

  @Route(api.docsAndDepts)
  docsAndDepts(@IdParam('id') id: number) {
    return this.details.docsAndDepts(id);
  }
}
