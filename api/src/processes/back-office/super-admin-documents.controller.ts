import { Body, Controller, UploadedFiles } from '@nestjs/common';
import { API, type DocumentSaveBody, type ManagerRequestBody } from '@casebridge/contracts';
import type { z } from 'zod';
import { ProcessSamplesService } from '../company-admin/process-samples.service';
import { AdminProcessesService } from '../company-admin/admin-processes.service';
import { IdParam, Route, ValidBody } from '../../platform/common/contract-route';
import { DocumentAdminService } from './document-admin.service';
import { DocumentEditorService } from './document-editor.service';
import type { StagedFile } from '../../platform/common/staged-files';
import { CaseAttachmentUploads } from '../../cases/cases.module';
import { submissionOfForm } from '../submission-form';

const api = API.superAdminDocuments;

/** Back office process documents: editors, delete, notes and the test page. */
@Controller()
export class SuperAdminDocumentsController {
  constructor(
    private readonly editor: DocumentEditorService,
    private readonly admin: DocumentAdminService,
    private readonly processes: AdminProcessesService,
    private readonly samples: ProcessSamplesService,
  ) {}

  @Route(api.formData)
  formData(@IdParam('companyId') companyId: number) {
    return this.editor.formData(companyId);
  }

  @Route(api.parentFormData)
  parentFormData(@IdParam('companyId') companyId: number) {
    return this.editor.parentFormData(companyId);
  }

  @Route(api.document)
  document(@IdParam('documentId') documentId: number) {
    return this.editor.document(documentId);
  }

  @Route(api.save)
  save(
    @IdParam('companyId') companyId: number,
    @IdParam('documentId') documentId: number,
    @ValidBody() body: z.output<typeof DocumentSaveBody>,
  ) {
    return this.editor.save(companyId, documentId, body);
  }

  @Route(api.delete)
  delete(@IdParam('companyId') companyId: number, @IdParam('documentId') documentId: number) {
    return this.admin.delete(companyId, documentId);
  }

  @Route(api.notes)
  notes(@IdParam('companyId') companyId: number, @IdParam('documentId') documentId: number) {
    return this.admin.notes(companyId, documentId);
  }

  @Route(api.sample)
  async sample(@IdParam('companyId') companyId: number, @IdParam('documentId') documentId: number) {
    await this.editor.company(companyId);
    return this.processes.sampleFor(companyId, documentId);
  }

  /** Checked by the company admins' test form rules: the contract's schema and the process's fields in one 422. */
  @Route(api.submitSample, { upload: CaseAttachmentUploads })
  async submitSample(
    @IdParam('companyId') companyId: number,
    @IdParam('documentId') documentId: number,
    @Body() body: unknown,
    @UploadedFiles() files: StagedFile[] | undefined,
  ) {
    await this.editor.company(companyId);
    return this.samples.submitCaseFor(companyId, documentId, submissionOfForm(body, files), files ?? []);
  }

  @Route(api.submitSampleManager)
  async submitSampleManager(
    @IdParam('companyId') companyId: number,
    @IdParam('documentId') documentId: number,
    @ValidBody() body: z.output<typeof ManagerRequestBody>,
  ) {
    await this.editor.company(companyId);
    return this.samples.submitManagerFor(companyId, documentId, body);
  }
}
