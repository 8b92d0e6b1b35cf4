import { Controller, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FileFieldsUpload } from '../../platform/common/multipart';
import { API, type GroupFormBody, type GroupSearchBody } from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import { IdParam, Route, ValidBody } from '../../platform/common/contract-route';
import { storedFileAnswer } from '../../platform/common/stored-files';
import { ExportsService } from '../../platform/exports/exports.service';
import { GROUP_FORM_FILE_FIELDS, GroupFormUploadCleanupInterceptor, type GroupFormFiles } from './group-form-files';
import { GroupFormService } from './group-form.service';
import { GroupsService } from './groups.service';

const api = API.superAdminGroups;

/** Back office: groups list and export, search, the group form, delete and the addendum file. */
@Controller()
export class SuperAdminGroupsController {
  constructor(
    private readonly groups: GroupsService,
    private readonly form: GroupFormService,
    private readonly exports: ExportsService,
  ) {}

  @Route(api.list)
  list() {
    return this.groups.list();
  }

  // export and search before :id, which would otherwise read them as ids.
  @Route(api.export)
  export(@CurrentActor() actor: Actor) {
    return this.exports.create(actor, 'groups', {});
  }

  @Route(api.search)
  search(@ValidBody() body: z.output<typeof GroupSearchBody>) {
    return this.groups.search(body.term);
  }

  @Route(api.group)
  group(@IdParam('id') id: number) {
    return this.groups.get(id);
  }

  @Route(api.save)
  // The cleanup interceptor wraps multer, so staged files go whenever the request fails after they landed.
  @UseInterceptors(GroupFormUploadCleanupInterceptor, FileFieldsUpload(GROUP_FORM_FILE_FIELDS))
  save(
    @IdParam('id') id: number,
    @ValidBody() body: z.output<typeof GroupFormBody>,
    @UploadedFiles() files: GroupFormFiles | undefined,
  ) {
    return this.form.save(id, body, files);
  }

  @Route(api.delete)
  delete(@IdParam('id') id: number) {
    return this.groups.delete(id);
  }

  @Route(api.addendum)
  async addendum(@IdParam('id') id: number) {
    return storedFileAnswer(await this.groups.addendum(id));
  }
}
