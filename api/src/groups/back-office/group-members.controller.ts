import { Controller, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileUpload } from '../../platform/common/multipart';
import {
  API,
  GROUP_DOCUMENT_FILE_FIELD,
  type AddGroupPartnerBody,
  type GroupDocumentUploadBody,
} from '@casebridge/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { CurrentActor } from '../../platform/access/current-actor.decorator';
import { GroupUploadCleanupInterceptor, type StagedFile } from '../company-admin/group-uploads';
import { IdParam, Route, ValidBody } from '../../platform/common/contract-route';
import { storedFileAnswer } from '../../platform/common/stored-files';
import { ExportsService } from '../../platform/exports/exports.service';
import { GroupMembersService } from './group-members.service';

const api = API.superAdminGroups;

/** Back office partner-program view: partners (add, remove, export) and documents (upload, download, delete). */
@Controller()
export class GroupMembersController {
  constructor(
    private readonly members: GroupMembersService,
    private readonly exports: ExportsService,
  ) {}

  @Route(api.partners)
  partners(@IdParam('id') id: number) {
    return this.members.partners(id);
  }

  @Route(api.exportPartners)
  exportPartners(@CurrentActor() actor: Actor, @IdParam('id') id: number) {
    return this.exports.create(actor, 'group_partners', { group_id: id });
  }

  @Route(api.addPartner)
  addPartner(@IdParam('id') id: number, @ValidBody() body: z.output<typeof AddGroupPartnerBody>) {
    return this.members.addPartner(id, body);
  }

  @Route(api.removePartner)
  removePartner(@IdParam('id') id: number, @IdParam('partnerId') partnerId: number) {
    return this.members.removePartner(id, partnerId);
  }

  @Route(api.documents)
  documents(@IdParam('id') id: number) {
    return this.members.documents(id);
  }

  @Route(api.uploadDocument)
  // The company admins' cleanup: the staged file goes whenever the request fails after it landed.
  @UseInterceptors(GroupUploadCleanupInterceptor, FileUpload(GROUP_DOCUMENT_FILE_FIELD))
  upload(
    @IdParam('id') id: number,
    @ValidBody() body: z.output<typeof GroupDocumentUploadBody>,
    @UploadedFile() file: StagedFile | undefined,
  ) {
    return this.members.upload(id, body, file);
  }

  @Route(api.downloadDocument)
  async download(@IdParam('documentId') documentId: number) {
    return storedFileAnswer(await this.members.download(documentId));
  }

  @Route(api.deleteDocument)
  deleteDocument(@IdParam('id') id: number, @IdParam('documentId') documentId: number) {
    return this.members.deleteDocument(id, documentId);
  }
}
