import { Controller, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FileFieldsUpload } from '../../platform/common/multipart';
import {
  API,
  type CompanyFormBody,
  type CompanyStatusBody,
  type RegistrationSettingsBody,
} from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import { RegistrationSettingsService } from '../company-admin/registration-settings.service';
import type { BodyCheck } from '../../platform/common/body-check';
import { CheckedBody, IdParam, Route, ValidBody } from '../../platform/common/contract-route';
import { ExportsService } from '../../platform/exports/exports.service';
import { COMPANY_FILE_FIELDS, CompanyUploadCleanupInterceptor, type CompanyFormFiles } from './company-files';
import { CompanyFormService } from './company-form.service';
import { CompanyLookupService } from './company-lookup.service';
import { CompaniesService } from './companies.service';

const api = API.superAdminCompanies;

/** Back office: companies list and export, the company form, status, delete and registration settings. */
@Controller()
export class SuperAdminCompaniesController {
  constructor(
    private readonly companies: CompaniesService,
    private readonly form: CompanyFormService,
    private readonly lookup: CompanyLookupService,
    private readonly registration: RegistrationSettingsService,
    private readonly exports: ExportsService,
  ) {}

  @Route(api.list)
  list() {
    return this.companies.list();
  }

  // export and list before :id, which would otherwise read them as ids.
  @Route(api.export)
  export(@CurrentActor() actor: Actor) {
    return this.exports.create(actor, 'companies', {});
  }

  @Route(api.options)
  options() {
    return this.companies.options();
  }

  @Route(api.company)
  company(@IdParam('id') id: number) {
    return this.companies.get(id);
  }

  @Route(api.save)
  // The cleanup interceptor wraps multer, so staged files go whenever the request fails after they landed.
  @UseInterceptors(CompanyUploadCleanupInterceptor, FileFieldsUpload(COMPANY_FILE_FIELDS))
  save(
    @IdParam('id') id: number,
    @CheckedBody() body: BodyCheck<z.output<typeof CompanyFormBody>>,
    @UploadedFiles() files: CompanyFormFiles | undefined,
  ) {
    return this.form.save(id, body, files);
  }

  @Route(api.status)
  status(@IdParam('id') id: number, @ValidBody() body: z.output<typeof CompanyStatusBody>) {
    return this.companies.setStatus(id, body.status);
  }

  @Route(api.deleteSummary)
  deleteSummary(@IdParam('id') id: number) {
    return this.companies.deleteSummary(id);
  }

  @Route(api.delete)
  delete(@IdParam('id') id: number) {
    return this.companies.delete(id);
  }

  /** The company admin's rule, for the company of the path. */
  @Route(api.registration)
  async saveRegistration(@IdParam('id') id: number, @ValidBody() body: z.output<typeof RegistrationSettingsBody>) {
    return this.registration.saveFor(await this.lookup.company(id), body);
  }
}
